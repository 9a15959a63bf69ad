import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

import { STREAM_PREFIX, type EventMetadata, type Subscription, orderStreamName, parseRecordedEvent, practiceDay } from '@studio/contracts';
import { type FiscalOrderDoc, fiscalOrderStatus } from '../read-models';
import { randomUUID } from 'node:crypto';

import { startReactor } from '../../../platform/kernel/reactor';
import { FiscalService } from '../fiscal.service';
import { type FiscalProfileState } from '../fiscal-profile.decider';
import { type ReceiptFlowInput, receiptWorkflow, waitingForProfile } from './receipts.workflow';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { fiscalKeyId } from '../../../platform/personal-data/fiscal-keys';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { fiscalOrdersReadModel } from '../read-models';

const yearOf = (day: string) => Number(day.slice(0, 4));

/**
 * Runs the receipts workflow (receipts.workflow.ts): reacts to what the fiscal_orders read model shows (an order placed,
 * a refund), to a completed fiscal profile, and at start and every few minutes to anything a crash left half-done.
 * One run at a time per doctor, oldest payment first, so receipts are numbered in payment order.
 */
@Injectable()
export class ReceiptsFlowService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Ricevute');
  private readonly queues = new Map<string, Promise<void>>();
  private readonly offs: Array<() => void> = [];
  private profileReactor?: Subscription;

  constructor(
    private readonly kernel: KernelPorts,
    private readonly fiscal: FiscalService,
    private readonly workflows: WorkflowRunner,
  ) {
    // after a crash, whatever is still due: the one sweep resumes it, each doctor's in payment order through their queue
    workflows.resumes(receiptWorkflow, () => this.due(), {
      metadata: (input) => this.systemMetadata(input.orderId),
      via: (input, run) => this.enqueue(input.doctorId, run),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.offs.push(
      this.kernel.changes.onChange((changes) => {
        for (const c of changes) {
          if (c.projection !== 'fiscal_orders' || !c.doc) continue;
          const doc = c.doc as FiscalOrderDoc;
          const status = fiscalOrderStatus(doc);
          if (doc.doctorId && (status === 'pending_receipt' || status === 'pending_credit_note')) void this.issuePending(doc.doctorId);
        }
      }),
    );
    // a completed profile releases the receipts that waited for it, in payment order: a checkpointed reaction to
    // FiscalProfileSet, so a crash between the profile and its receipts is caught up at the next start
    this.profileReactor = await startReactor(
      { appDb: this.kernel.appDb, eventStore: this.kernel.eventStore },
      'ricevute-profilo-fiscale',
      [STREAM_PREFIX.fiscal],
      async (recorded) => {
        if (recorded.type !== 'FiscalProfileSet') return;
        const event = parseRecordedEvent(recorded);
        if (event.type === 'FiscalProfileSet') await this.issuePending(event.data.doctorId);
      },
      (e) => this.logger.error(`ricevute dopo il profilo fiscale: ${String(e)}`),
    );
  }

  async onModuleDestroy(): Promise<void> {
    for (const off of this.offs) off();
    await this.profileReactor?.close();
    await Promise.all([...this.queues.values()].map((p) => p.catch(() => undefined)));
  }

  /** every document still due, oldest payment first: the receipts workflow's unfinished instances */
  private async due(): Promise<ReceiptFlowInput[]> {
    const due = await fiscalOrdersReadModel.find(
      this.kernel.readModels,
      { status: { in: ['pending_receipt', 'pending_credit_note'] } },
      { orderBy: [{ column: 'placed_position', direction: 'asc' }], limit: 500 },
    );
    const profiles = new Map<string, FiscalProfileState>();
    const inputs: ReceiptFlowInput[] = [];
    for (const { doc } of due) {
      if (!doc.doctorId) continue;
      if (!profiles.has(doc.doctorId)) profiles.set(doc.doctorId, await this.fiscal.profileState(doc.doctorId));
      inputs.push(await this.flowInput(doc, profiles.get(doc.doctorId)!));
    }
    return inputs;
  }

  /** one run at a time per doctor, in the order asked */
  private enqueue<T>(doctorId: string, run: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(doctorId) ?? Promise.resolve()).then(run);
    this.queues.set(
      doctorId,
      next.then(
        () => undefined,
        () => undefined,
      ),
    );
    return next;
  }

  /** runs the receipts workflow for every order of the doctor still due, oldest payment first; never throws */
  issuePending(doctorId: string): Promise<void> {
    return this.enqueue(doctorId, () => this.drain(doctorId)).catch((e) => this.logger.error(`ricevute del medico ${doctorId}: ${String(e)}`));
  }

  private async drain(doctorId: string): Promise<void> {
    const due = await fiscalOrdersReadModel.find(
      this.kernel.readModels,
      { doctor_id: doctorId, status: { in: ['pending_receipt', 'pending_credit_note'] } },
      { orderBy: [{ column: 'placed_position', direction: 'asc' }] },
    );
    const profile = await this.fiscal.profileState(doctorId);
    let last: number | null = null;
    for (const { doc } of due) {
      const input = await this.flowInput(doc, profile);
      const run = await this.workflows.run(receiptWorkflow, input, await this.systemMetadata(doc.orderId));
      if (run.position !== null) last = run.position;
      // in order: a receipt that must wait keeps the later ones waiting too
      if (waitingForProfile(run.state)) break;
    }
    if (last !== null) await this.kernel.changes.waitFor(last).catch(() => undefined);
  }

  /** issues what one order is due (used by tests to race confirmations); the same idempotent steps */
  async issueFor(orderId: string): Promise<void> {
    const doc = (await fiscalOrdersReadModel.get(this.kernel.readModels, orderId))?.doc;
    if (!doc?.doctorId) return;
    const input = await this.flowInput(doc, await this.fiscal.profileState(doc.doctorId));
    await this.workflows.run(receiptWorkflow, input, {
      userId: 'system',
      role: 'system',
      at: input.issuedAt,
      correlationId: orderId,
      causationId: orderId,
    });
  }

  private async systemMetadata(orderId: string): Promise<EventMetadata> {
    const [first] = await this.kernel.eventStore.readStream(orderStreamName(orderId), { maxCount: 1 });
    const correlationId = first?.metadata.correlationId ?? randomUUID();
    return { userId: 'system', role: 'system', at: this.kernel.clock.now().toISOString(), correlationId, causationId: correlationId };
  }

  private async flowInput(doc: FiscalOrderDoc, profile: FiscalProfileState): Promise<ReceiptFlowInput> {
    const tz = this.kernel.config.practiceTimeZone;
    const now = this.kernel.clock.now();
    const paidAt = doc.placedAt ?? now.toISOString();
    const receiptYear = doc.receipt?.year ?? yearOf(practiceDay(new Date(paidAt), tz));
    const creditYear = doc.creditNote?.year ?? yearOf(practiceDay(doc.refundedAt ? new Date(doc.refundedAt) : now, tz));
    const base = {
      orderId: doc.orderId,
      doctorId: doc.doctorId!,
      receiptYear,
      creditYear,
      issuedAt: now.toISOString(),
      paidAt,
      visitStart: doc.visitStart ?? paidAt,
    };
    if (profile.status !== 'complete' || doc.receipt) return { ...base, issue: null };
    const patient = await this.fiscal.receiptPatient(doc.orderId, doc.patientId);
    return {
      ...base,
      issue: {
        regime: profile.regime,
        stampDutyToPatient: profile.stampDutyToPatient,
        issuer: profile.personal,
        patient: await this.kernel.personalData.sealUnlessErased(doc.patientId, patient),
        // the fiscal copy, readable for the legal period after the patient's erasure
        patientFiscal: await this.kernel.personalData.seal(fiscalKeyId(doc.doctorId!, receiptYear), patient),
        virtualStamp: profile.virtualStamp,
      },
    };
  }
}
