import { Injectable } from '@nestjs/common';

import {
  DeskPaymentInput,
  bookingStreamName,
  isValidCodiceFiscale,
  orderStreamName,
  parseRecordedEvent,
  type EventData,
  type EventMetadata,
  type SessionUser,
} from '@studio/contracts';
import type { BookingDoc } from '../../booking/bookings.projection';
import { doctorDayOf } from '../../availability';

import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../common/errors';
import { WorkflowRunner } from '../../event-store/workflow-runner';
import { DESK_PRODUCT_NAME, deskOrderId, type DeskPaymentView } from '../../desk-payments';
import { parseInput } from '../../http/parse';

import { UsersService } from '../../users';
import { deskPaymentWorkflow, type DeskPaymentFlowInput } from './desk-payment.workflow';
import { KernelPorts } from '../../kernel/kernel-ports';

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
  ) {
    workflows.resumes(deskPaymentWorkflow, () => this.unfinished(), { metadata: (input) => this.systemMetadata(input.payment.bookingId) });
  }

  /** POST /api/bookings/:id/desk-payment: the booking is confirmed with the payment taken at the desk */
  async record(user: SessionUser, bookingId: string, body: unknown, metadata: EventMetadata): Promise<DeskPaymentView> {
    const input = parseInput(DeskPaymentInput, body);
    const booking = (await this.kernel.readModels.get<BookingDoc>('bookings', bookingId))?.doc;
    if (!booking) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    if (!(user.role === 'admin' || (user.role === 'doctor' && user.id === booking.doctorId))) {
      throw new ForbiddenError(
        'Solo il medico della prenotazione o un amministratore può registrare un pagamento allo studio.',
        'pagamento_studio_non_ammesso',
      );
    }
    const orderId = deskOrderId(bookingId);
    const view: DeskPaymentView = { orderId, bookingId, method: input.method, amountCents: input.amountCents };
    if (booking.status === 'confirmed' && booking.orderId === orderId) return view;

    const patient = await this.users.get(booking.patientId);
    const registered = patient?.personal ? await this.kernel.personalData.open<{ taxcode?: string }>(patient.personal) : null;
    const taxcode = input.taxcode || registered?.taxcode?.toUpperCase() || '';
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
    };
    const flow = { ...flowInput(payment, booking.start)!, checkedAt: now };
    const run = await this.workflows.run(deskPaymentWorkflow, flow, await this.inBookingChain(bookingId, metadata));
    await this.kernel.changes.waitFor(run.position ?? (await this.kernel.eventStore.headPosition()));
    if (run.state.desk.status === 'refunded')
      throw new ConflictError('La prenotazione non è più disponibile: restituisci il pagamento al paziente.', 'pagamento_studio_restituito');
    return view;
  }

  /**
   * The workflow's unfinished instances: a desk payment recorded whose booking is still held (not yet booked), or
   * confirmed by it while its order is not placed yet (no orders document).
   */
  private async unfinished(): Promise<DeskPaymentFlowInput[]> {
    const held = await this.kernel.readModels.find<BookingDoc>('bookings', { status: 'held' }, { limit: BATCH });
    const confirmed = (
      await this.kernel.readModels.find<BookingDoc>('bookings', { status: 'confirmed', start: { gte: this.recent() } }, { limit: 5 * BATCH })
    ).filter((b) => b.doc.orderId === deskOrderId(b.id));
    const inputs: DeskPaymentFlowInput[] = [];
    for (const { id, doc } of [...held, ...confirmed]) {
      if (doc.status === 'confirmed' && (await this.kernel.readModels.get('orders', deskOrderId(id)))) continue;
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
