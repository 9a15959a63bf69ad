import { CommandBus } from '@nestjs/cqrs';
import { Inject, Injectable } from '@nestjs/common';
import {
  DeskPaymentInput,
  DeskRefundInput,
  type EventData,
  type EventMetadata,
  type SessionUser,
  type TakingsRow,
  type TakingsView,
  availabilityStreamName,
  bookingStreamName,
  isValidCodiceFiscale,
  orderStreamName,
  parseRecordedEvent,
  practiceDay,
  receiptsStreamName,
} from '@studio/contracts';
import { availabilityDecider, doctorDayOf, HOLD_EXPIRED_MESSAGE } from '../availability';
import { bookingDecider } from '../booking';
import { CLOCK, type Clock } from '../common/clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../common/errors';
import { evolveWith, readState } from '../event-store/command-handler';
import { Decide } from '../event-store/decide.command';
import { runWorkflow, type StepResult } from '../event-store/workflow';
import { parseInput } from '../http/parse';
import { CHANGE_FEED, CONFIG, EVENT_STORE, PERSONAL_DATA } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { UsersService } from '../users';
import { deskOrderId, deskPaymentDecider } from './desk-payment.decider';
import { deskPaymentWorkflow, type DeskPaymentFlowInput, type DeskPaymentStep } from './desk-payment.workflow';

export const DESK_PRODUCT_NAME = 'Prestazione sanitaria (pagamento allo studio)';

export interface DeskPaymentView {
  orderId: string;
  bookingId: string;
  method: 'cash' | 'card' | 'transfer';
  amountCents: number;
}

@Injectable()
export class DeskPaymentsService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Ports['config'],
    @Inject(EVENT_STORE) private readonly eventStore: Ports['eventStore'],
    @Inject(PERSONAL_DATA) private readonly personalData: Ports['personalData'],
    @Inject(CHANGE_FEED) private readonly changes: Ports['changes'],
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersService,
  ) {}

  private authorize(user: SessionUser, doctorId: string): void {
    if (user.role === 'admin' || (user.role === 'doctor' && user.id === doctorId)) return;
    throw new ForbiddenError('Solo il medico della prenotazione o un amministratore può registrare un pagamento allo studio.', 'pagamento_studio_non_ammesso');
  }

  /** POST /api/bookings/:id/desk-payment: the booking is confirmed with the payment taken at the desk */
  async record(user: SessionUser, bookingId: string, body: unknown, metadata: EventMetadata): Promise<DeskPaymentView> {
    const input = parseInput(DeskPaymentInput, body);
    const history = (await this.eventStore.readStream(bookingStreamName(bookingId))).map(parseRecordedEvent);
    const heldEvent = history.find((e) => e.type === 'BookingHeld');
    if (!heldEvent) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    const held = heldEvent.data;
    this.authorize(user, held.doctorId);
    const orderId = deskOrderId(bookingId);
    const state = history.reduce((s, e) => evolveWith(bookingDecider, s, e), bookingDecider.initialState());
    const view: DeskPaymentView = { orderId, bookingId, method: input.method, amountCents: input.amountCents };
    if (state.status === 'confirmed' && state.orderId === orderId) return view;
    if (state.status === 'confirmed' || state.status === 'concluded')
      throw new ConflictError('Questa prenotazione risulta già pagata.', 'prenotazione_gia_pagata');
    if (state.status !== 'held' || Date.parse(state.expiresAt) <= this.clock.now().getTime())
      throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');

    const patient = await this.users.get(held.patientId);
    const registered = patient?.personal ? await this.personalData.open<{ taxcode?: string }>(patient.personal) : null;
    const taxcode = input.taxcode || registered?.taxcode?.toUpperCase() || '';
    if (!taxcode) throw new ValidationError('Indica il codice fiscale del paziente per la ricevuta.', 'codice_fiscale_mancante');
    if (!isValidCodiceFiscale(taxcode)) throw new ValidationError('Codice fiscale non valido.', 'codice_fiscale_non_valido');

    const now = this.clock.now().toISOString();
    const payment: EventData<'DeskPaymentRecorded'> = {
      orderId,
      bookingId,
      patientId: held.patientId,
      doctorId: held.doctorId,
      method: input.method,
      amountCents: input.amountCents,
      at: now,
    };
    const flow: DeskPaymentFlowInput = {
      payment,
      start: held.start,
      day: doctorDayOf(held.start),
      now,
      placed: {
        orderId,
        bookingId,
        patientId: held.patientId,
        productId: 'allo-studio',
        productName: DESK_PRODUCT_NAME,
        coupon: null,
        amountCents: input.amountCents,
        currency: 'EUR',
        captureId: orderId,
        invoice: await this.personalData.seal(held.patientId, { taxcode, billing: input.billing ?? '' }),
        stsOpposition: input.stsOpposition === true,
        paymentMethod: input.method,
      },
    };
    // the payment's events join the booking's chain
    const chained = { ...metadata, correlationId: history[0].metadata.correlationId };
    const run = await runWorkflow(this.eventStore, deskPaymentWorkflow, flow, (step) => this.execute(step, chained));
    await this.changes.waitFor(run.position ?? (await this.eventStore.headPosition()));
    if (run.state.desk.status === 'refunded')
      throw new ConflictError('La prenotazione non è più disponibile: restituisci il pagamento al paziente.', 'pagamento_studio_restituito');
    return view;
  }

  private execute(step: DeskPaymentStep, metadata: EventMetadata): Promise<StepResult> {
    switch (step.kind) {
      case 'desk': {
        const orderId =
          step.command.type === 'RecordDeskPayment'
            ? step.command.payment.orderId
            : step.command.type === 'PlaceDeskOrder'
              ? step.command.placed.orderId
              : step.command.refund.orderId;
        return this.commands.execute(new Decide(orderStreamName(orderId), deskPaymentDecider, step.command, metadata, { onStale: 'decide-again' }));
      }
      case 'day':
        return this.commands.execute(
          new Decide(availabilityStreamName(step.command.doctorId, doctorDayOf(step.command.start)), availabilityDecider, step.command, metadata, {
            onStale: 'decide-again',
          }),
        );
      case 'booking':
        return this.commands.execute(
          new Decide(bookingStreamName(step.command.bookingId), bookingDecider, step.command, metadata, { onStale: 'decide-again' }),
        );
    }
  }

  /** POST /api/desk-payments/:orderId/refund: money given back at the desk; the receipts workflow issues the credit note */
  async refund(user: SessionUser, orderId: string, body: unknown, metadata: EventMetadata): Promise<{ refundId: string }> {
    const { reason } = parseInput(DeskRefundInput, body);
    const { state } = await readState(this.eventStore, orderStreamName(orderId), deskPaymentDecider);
    if (!orderId.startsWith('desk-') || state.status === 'none') throw new NotFoundError('Pagamento allo studio non trovato.', 'pagamento_studio_non_trovato');
    this.authorize(user, state.payment.doctorId);
    const refundId = `rimborso-${orderId}`;
    if (state.status === 'refunded') return { refundId };
    if (state.status !== 'placed') throw new ConflictError('Il pagamento non è ancora concluso: riprova tra poco.', 'pagamento_studio_in_corso');
    const result = await this.commands.execute(
      new Decide(
        orderStreamName(orderId),
        deskPaymentDecider,
        { type: 'RefundDeskPayment', refund: { orderId, captureId: orderId, refundId, status: 'COMPLETED', reason } },
        metadata,
        { onStale: 'decide-again' },
      ),
    );
    if (result.position !== null) await this.changes.waitFor(result.position);
    return { refundId };
  }

  /**
   * The day's takings per doctor and method, from the doctors' numbering streams: receipts paid that day (by payment
   * time, practice time zone) count in, credit notes issued that day count out. A payment whose receipt still waits for
   * the doctor's fiscal profile is not counted yet.
   */
  async takings(user: SessionUser, day: string, doctor: string | undefined): Promise<TakingsView> {
    if (user.role === 'doctor' && doctor && doctor !== user.id) throw new ForbiddenError('Puoi vedere solo i tuoi incassi.', 'incassi_di_altri');
    const doctors =
      user.role === 'doctor'
        ? [await this.users.doctorSummary(await this.users.getDoctor(user.id))]
        : doctor
          ? [await this.users.doctorSummary(await this.users.getDoctor(doctor))]
          : await this.users.listDoctors();
    const tz = this.config.practiceTimeZone;
    const year = Number(day.slice(0, 4));
    const rows: TakingsRow[] = [];
    for (const d of doctors) {
      const byMethod = new Map<TakingsRow['method'], TakingsRow>();
      const rowOf = (method: TakingsRow['method']) => {
        if (!byMethod.has(method)) byMethod.set(method, { doctorId: d.id, doctorName: d.name, method, payments: 0, refunds: 0, netCents: 0 });
        return byMethod.get(method)!;
      };
      // a credit note of this year may refund a receipt of the year before
      const events = [
        ...(await this.eventStore.readStream(receiptsStreamName(d.id, year - 1))),
        ...(await this.eventStore.readStream(receiptsStreamName(d.id, year))),
      ].map(parseRecordedEvent);
      const receipts = new Map<string, EventData<'ReceiptIssued'>>();
      for (const e of events) if (e.type === 'ReceiptIssued') receipts.set(e.data.receiptId, e.data);
      for (const r of receipts.values()) {
        if (practiceDay(new Date(r.paidAt), tz) !== day) continue;
        const row = rowOf(r.paymentMethod);
        row.payments += 1;
        row.netCents += r.totalCents;
      }
      for (const e of events) {
        if (e.type !== 'CreditNoteIssued' || practiceDay(new Date(e.data.issuedAt), tz) !== day) continue;
        const row = rowOf(receipts.get(e.data.receiptId)?.paymentMethod ?? 'paypal');
        row.refunds += 1;
        row.netCents -= e.data.totalCents;
      }
      const order: TakingsRow['method'][] = ['cash', 'card', 'transfer', 'paypal'];
      rows.push(...[...byMethod.values()].sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method)));
    }
    return { day, rows, totalCents: rows.reduce((s, r) => s + r.netCents, 0) };
  }
}
