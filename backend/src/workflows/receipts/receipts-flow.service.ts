import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type EventMetadata, orderStreamName, practiceDay } from '@studio/contracts';
import { type FiscalOrderDoc, fiscalOrderStatus } from '@studio/projections';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../../common/clock';
import { CONFIG, EVENT_STORE, READ_MODELS, PERSONAL_DATA, CHANGE_FEED } from '../../kernel/tokens';
import { type Ports } from '../../kernel/ports';
import { FiscalService, type FiscalProfileState } from '../../fiscal';
import { type ReceiptFlowInput, receiptWorkflow, waitingForProfile } from './receipts.workflow';
import { WorkflowRunner } from '../../event-store/workflow-runner';
import { fiscalKeyId } from '../../personal-data/fiscal-keys';

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
  private firstSweep?: NodeJS.Timeout;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(CONFIG) private readonly config: Ports['config'],
    @Inject(EVENT_STORE) private readonly eventStore: Ports['eventStore'],
    @Inject(READ_MODELS) private readonly readModels: Ports['readModels'],
    @Inject(PERSONAL_DATA) private readonly personalData: Ports['personalData'],
    @Inject(CHANGE_FEED) private readonly changes: Ports['changes'],
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fiscal: FiscalService,
    private readonly workflows: WorkflowRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.offs.push(
      this.changes.onChange((changes) => {
        for (const c of changes) {
          if (c.projection !== 'fiscal_orders' || !c.doc) continue;
          const doc = c.doc as FiscalOrderDoc;
          const status = fiscalOrderStatus(doc);
          if (doc.doctorId && (status === 'pending_receipt' || status === 'pending_credit_note')) void this.issuePending(doc.doctorId);
        }
      }),
    );
    this.offs.push(this.fiscal.onProfileSet((doctorId) => this.issuePending(doctorId)));
    // after a crash: whatever is still due, once the projections run (they start after Nest's init), then now and then
    const sweep = () => void this.sweep().catch((e) => this.logger.warn(`ricevute in sospeso: ${String(e)}`));
    this.firstSweep = setTimeout(sweep, 2000);
    this.firstSweep.unref();
    this.timer = setInterval(sweep, 5 * 60_000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.firstSweep);
    clearInterval(this.timer);
    for (const off of this.offs) off();
    await Promise.all([...this.queues.values()].map((p) => p.catch(() => undefined)));
  }

  /** every doctor with a document still due */
  async sweep(): Promise<void> {
    const due = await this.readModels.find<FiscalOrderDoc>('fiscal_orders', { status: { in: ['pending_receipt', 'pending_credit_note'] } });
    const doctors = new Set(due.map((d) => d.doc.doctorId).filter((d): d is string => d !== null));
    await Promise.all([...doctors].map((d) => this.issuePending(d)));
  }

  /** runs the receipts workflow for every order of the doctor still due, oldest payment first; never throws */
  issuePending(doctorId: string): Promise<void> {
    const next = (this.queues.get(doctorId) ?? Promise.resolve())
      .then(() => this.drain(doctorId))
      .catch((e) => this.logger.error(`ricevute del medico ${doctorId}: ${String(e)}`));
    this.queues.set(doctorId, next);
    return next;
  }

  private async drain(doctorId: string): Promise<void> {
    const due = await this.readModels.find<FiscalOrderDoc>(
      'fiscal_orders',
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
    if (last !== null) await this.changes.waitFor(last).catch(() => undefined);
  }

  /** issues what one order is due (used by tests to race confirmations); the same idempotent steps */
  async issueFor(orderId: string): Promise<void> {
    const doc = (await this.readModels.get<FiscalOrderDoc>('fiscal_orders', orderId))?.doc;
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
    const [first] = await this.eventStore.readStream(orderStreamName(orderId), { maxCount: 1 });
    const correlationId = first?.metadata.correlationId ?? randomUUID();
    return { userId: 'system', role: 'system', at: this.clock.now().toISOString(), correlationId, causationId: correlationId };
  }

  private async flowInput(doc: FiscalOrderDoc, profile: FiscalProfileState): Promise<ReceiptFlowInput> {
    const tz = this.config.practiceTimeZone;
    const now = this.clock.now();
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
        patient: await this.personalData.sealUnlessErased(doc.patientId, patient),
        // the fiscal copy, readable for the legal period after the patient's erasure
        patientFiscal: await this.personalData.seal(fiscalKeyId(doc.doctorId!, receiptYear), patient),
        virtualStamp: profile.virtualStamp,
      },
    };
  }
}
