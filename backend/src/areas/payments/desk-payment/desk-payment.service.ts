import { Injectable } from '@nestjs/common';

import {
  DeskPaymentInput,
  DeskRefundInput,
  bookingStreamName,
  isValidCodiceFiscale,
  orderStreamName,
  parseRecordedEvent,
  type EventData,
  type EventMetadata,
  type SessionUser,
} from '@studio/contracts';
import { readState } from '../../../platform/event-store/command-handler';
import { BookingLifecycleService } from '../../scheduling/workflows';
import { doctorDayOf } from '../../scheduling/availability';

import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { DESK_PRODUCT_NAME, deskOrderId, deskPaymentDecider, refundablePayment, RefundDeskPayment, type DeskPaymentView } from '../desk-payments';
import { parseInput } from '../../../platform/http/parse';

import { UsersService } from '../../accounts/users';
import { deskPaymentWorkflow, type DeskPaymentFlowInput } from './desk-payment.workflow';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { bookingsReadModel } from '../../scheduling/booking';
import { deskVisitPriceCents, earlierInvoiceTaxcode, ordersReadModel } from '../orders';

const BATCH = 200;

/**
 * POST /api/bookings/:id/desk-payment on the one runner (desk-payment.workflow.ts): the request's own fields are
 * checked here, the booking's state is the workflow's `decide`. The payment recorded but not yet placed or given back
 * (a crash between two steps) is the workflow's unfinished instance, which the one sweep resumes.
 */
@Injectable()
export class DeskPaymentFlowService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly workflows: WorkflowRunner,
    private readonly lifecycle: BookingLifecycleService,
  ) {
    workflows.resumes(deskPaymentWorkflow, () => this.unfinished(), { metadata: (input) => this.systemMetadata(input.payment.bookingId) });
  }

  /** POST /api/bookings/:id/desk-payment: the booking is confirmed with the payment taken at the desk */
  async record(user: SessionUser, bookingId: string, body: unknown, metadata: EventMetadata): Promise<DeskPaymentView> {
    const input = parseInput(DeskPaymentInput, body);
    const booking = (await bookingsReadModel.get(this.kernel.readModels, bookingId))?.doc;
    if (!booking) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    authorise(user, booking.doctorId);
    // a discount is the doctor's own decision about their visit
    if (input.discount && user.role !== 'doctor') throw new ForbiddenError('Solo il medico della visita può concedere uno sconto.', 'sconto_non_ammesso');
    const orderId = deskOrderId(bookingId);
    const view: DeskPaymentView = { orderId, bookingId, method: input.method, amountCents: input.amountCents };
    if (booking.status === 'confirmed' && booking.orderId === orderId) return view;

    const patient = await this.users.get(booking.patientId);
    const registered = patient?.personal ? await this.kernel.personalData.open<{ taxcode?: string }>(patient.personal) : null;
    // asked at the desk only when neither the profile nor an earlier payment has it
    const taxcode = input.taxcode || registered?.taxcode?.toUpperCase() || (await earlierInvoiceTaxcode(this.kernel, booking.patientId));
    if (!taxcode) throw new ValidationError('Indica il codice fiscale del paziente per la ricevuta.', 'codice_fiscale_mancante');
    if (!isValidCodiceFiscale(taxcode)) throw new ValidationError('Codice fiscale non valido.', 'codice_fiscale_non_valido');

    const now = this.kernel.clock.now().toISOString();
    const payment: EventData<'DeskPaymentRecorded'> = {
      orderId,
      bookingId,
      patientId: booking.patientId,
      doctorId: booking.doctorId,
      method: input.method,
      amountCents: input.amountCents,
      at: now,
      invoice: await this.kernel.personalData.seal(booking.patientId, { taxcode, billing: input.billing ?? '' }),
      stsOpposition: input.stsOpposition === true,
      ...(input.discount ? { discount: { reason: input.discount.reason } } : {}),
    };
    const flow = { ...flowInput(payment, booking.start)!, checkedAt: now, visitPriceCents: await deskVisitPriceCents(this.kernel.readModels, booking) };
    const run = await this.workflows.run(deskPaymentWorkflow, flow, await this.inBookingChain(bookingId, metadata));
    await this.kernel.changes.waitFor(run.position ?? (await this.kernel.eventStore.headPosition()));
    if (run.state.desk.status === 'refunded')
      throw new ConflictError('La prenotazione non è più disponibile: restituisci il pagamento al paziente.', 'pagamento_studio_restituito');
    return view;
  }

  /**
   * POST /api/desk-payments/:orderId/refund {reason, cancelVisit}: the desk gives the money back (a credit note follows)
   * and says whether the visit is cancelled too. Cancelled: the booking's one cancel path (slot freed, patient told,
   * the record closed to the doctor), with this refund recorded once the cancellation is decided; kept: the visit stays
   * confirmed, given for free. An unknown id and a PayPal order's are the same 404 (the decider's).
   */
  async refund(user: SessionUser, orderId: string, body: unknown, metadata: EventMetadata): Promise<{ refundId: string; visitCancelled: boolean }> {
    const { reason, cancelVisit } = parseInput(DeskRefundInput, body);
    const refundId = `rimborso-${orderId}`;
    const command: RefundDeskPayment['command'] = {
      type: 'RefundDeskPayment',
      refund: { orderId, captureId: orderId, refundId, status: 'COMPLETED', reason },
      by: 'desk',
    };
    const { state } = await readState(this.kernel.eventStore, orderStreamName(orderId), deskPaymentDecider);
    const payment = refundablePayment(state);
    authorise(user, payment.doctorId);
    deskPaymentDecider.decide(command, state);
    const record = async (meta: EventMetadata) => {
      const result = await this.kernel.commands.execute(new RefundDeskPayment(orderStreamName(orderId), command, meta));
      if (result.position !== null) await this.kernel.changes.waitFor(result.position);
    };
    const booking = (await bookingsReadModel.get(this.kernel.readModels, payment.bookingId))?.doc;
    if (cancelVisit && booking?.status !== 'cancelled') {
      await this.lifecycle.cancel(payment.bookingId, user, reason, metadata, record);
      return { refundId, visitCancelled: true };
    }
    await record(await this.inBookingChain(payment.bookingId, metadata));
    return { refundId, visitCancelled: booking?.status === 'cancelled' };
  }

  /**
   * The workflow's unfinished instances: a desk payment recorded whose booking is still held (not yet booked), or
   * confirmed by it while its order is not placed yet (no orders document).
   */
  private async unfinished(): Promise<DeskPaymentFlowInput[]> {
    const held = await bookingsReadModel.find(this.kernel.readModels, { status: 'held' }, { limit: BATCH });
    const confirmed = (
      await bookingsReadModel.find(this.kernel.readModels, { status: 'confirmed', start: { gte: this.recent() } }, { limit: 5 * BATCH })
    ).filter((b) => b.doc.orderId === deskOrderId(b.id));
    const inputs: DeskPaymentFlowInput[] = [];
    for (const { id, doc } of [...held, ...confirmed]) {
      if (doc.status === 'confirmed' && (await ordersReadModel.get(this.kernel.readModels, deskOrderId(id)))) continue;
      const [first] = (await this.kernel.eventStore.readStream(orderStreamName(deskOrderId(id)), { maxCount: 1 })).map(parseRecordedEvent);
      const input = first?.type === 'DeskPaymentRecorded' ? flowInput(first.data, doc.start) : null;
      if (input) inputs.push(input);
    }
    return inputs;
  }

  /** a week back: a desk payment is taken around the visit's time */
  private recent(): string {
    return new Date(this.kernel.clock.now().getTime() - 7 * 86_400_000).toISOString();
  }

  private async systemMetadata(bookingId: string): Promise<EventMetadata> {
    const correlationId = deskOrderId(bookingId);
    return this.inBookingChain(bookingId, {
      userId: 'system',
      role: 'system',
      at: this.kernel.clock.now().toISOString(),
      correlationId,
      causationId: correlationId,
    });
  }

  /** the payment's events join the booking's chain */
  private async inBookingChain(bookingId: string, metadata: EventMetadata): Promise<EventMetadata> {
    const [first] = await this.kernel.eventStore.readStream(bookingStreamName(bookingId), { maxCount: 1 });
    return first ? { ...metadata, correlationId: first.metadata.correlationId } : metadata;
  }
}

/** the doctor of the booking or an administrator (the front desk) */
function authorise(user: SessionUser, doctorId: string): void {
  if (user.role === 'admin' || (user.role === 'doctor' && user.id === doctorId)) return;
  throw new ForbiddenError('Solo il medico della prenotazione o un amministratore può registrare un pagamento allo studio.', 'pagamento_studio_non_ammesso');
}

/** the flow's input from the payment as recorded (null for a payment recorded before it carried its invoice) */
function flowInput(payment: EventData<'DeskPaymentRecorded'>, start: string): DeskPaymentFlowInput | null {
  if (!payment.invoice) return null;
  const { orderId, bookingId, patientId, amountCents, method } = payment;
  return {
    payment,
    start,
    day: doctorDayOf(start),
    now: payment.at,
    placed: {
      orderId,
      bookingId,
      patientId,
      productId: 'allo-studio',
      productName: DESK_PRODUCT_NAME,
      coupon: null,
      amountCents,
      currency: 'EUR',
      captureId: orderId,
      invoice: payment.invoice,
      stsOpposition: payment.stsOpposition === true,
      paymentMethod: method,
    },
  };
}
