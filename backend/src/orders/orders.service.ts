import { CommandBus } from '@nestjs/cqrs';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type PaypalConfigResponse,
  BILLING_REQUIRED_MESSAGE,
  COUPON_CODE_PATTERN,
  availabilityStreamName,
  bookingStreamName,
  couponStreamName,
  patientHoldStreamName,
  isValidCodiceFiscale,
  normalizeCouponCode,
  orderStreamName,
  parseRecordedEvent,
  type ConfirmPaymentResponse,
  type CreatePaypalOrderResponse,
  type EventData,
  type EventMetadata,
  type SessionUser,
  practiceDay,
  chargeFor,
  fiscalProfileStreamName,
  type Charge,
  type ChargeQuote,
} from '@studio/contracts';
import type { BookingDoc, ProductDoc, UnsettledPaymentDoc } from '@studio/projections';
import { HOLD_EXPIRED_MESSAGE, availabilityDecider, doctorDayOf } from '../availability';
import { bookingDecider, patientHoldDecider } from '../booking';
import { couponDecider, couponUsable } from '../catalog';
import { CatalogService } from '../catalog';
import { UsersService } from '../users';
import { CLOCK, type Clock } from '../common/clock';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../common/errors';
import { evolveWith, readState } from '../event-store/command-handler';
import { CONFIG, EVENT_STORE, READ_MODELS, PERSONAL_DATA, CHANGE_FEED, RATE_LIMITS, type Core } from '../infrastructure/core';
import { PaypalError, type CaptureSummary, type RefundSummary, type WebhookTransmission } from '../payments';
import { orderDecider, type OrderEvent, type OrderState } from './order.decider';
import { PAYPAL, type PaypalPort } from './paypal.provider';
import { Decide } from '../event-store/decide.command';
import { runWorkflow, type StepResult } from '../event-store/workflow';
import { confirmPaymentWorkflow, placedOf, reconcileInput, type ConfirmPaymentInput, type ConfirmPaymentStep } from './confirm-payment.workflow';

const CURRENCY = 'EUR' as const;
const HOME = { redirect: '/home' } as const;

export const PAYMENT_NOT_COMPLETED_MESSAGE = 'Il pagamento non risulta completato: nessun addebito confermato.';
/** PayPal holds the capture for review: the booking stays reserved until PayPal settles it */
export const PAYMENT_IN_REVIEW_MESSAGE = 'Pagamento in verifica: PayPal sta controllando il pagamento. La prenotazione resta riservata finché non si conclude.';

/** PayPal declined, after its review, a capture it had held (PENDING → DECLINED): the order failed, the hold was given back */
export const PAYMENT_DECLINED_MESSAGE =
  'Il pagamento non è andato a buon fine: PayPal lo ha rifiutato dopo la verifica. Non è stato addebitato nulla e l’orario prenotato è stato liberato.';

/** a capture PayPal is still reviewing: the reconciler asks again later, nothing to record now */
export class CaptureStillPending extends Error {}
/** a confirmation that captured the money but could not book: why, and that it was refunded */
export function refundedMessage(reason: string): string {
  return `${reason} Il pagamento è stato rimborsato per intero.`;
}

export const AMOUNT_MISMATCH_MESSAGE = 'L’importo pagato non corrisponde a quello dovuto.';
export const INVALID_TAXCODE_MESSAGE = 'Codice fiscale non valido.';

class UnprocessableError extends AppError {
  constructor(message: string, code: string) {
    super(422, code, message);
  }
}

export interface ConfirmInput {
  transaction: string;
  product: string;
  taxcode?: string | null;
  billing?: string | null;
  coupon?: string | null;
  /** the patient opposes sending the expense to the Sistema Tessera Sanitaria (recorded on the receipt) */
  opposizione_sts?: boolean;
}

@Injectable()
export class OrdersService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Core['config'],
    @Inject(EVENT_STORE) private readonly eventStore: Core['eventStore'],
    @Inject(READ_MODELS) private readonly readModels: Core['readModels'],
    @Inject(PERSONAL_DATA) private readonly personalData: Core['personalData'],
    @Inject(CHANGE_FEED) private readonly changes: Core['changes'],
    @Inject(RATE_LIMITS) private readonly limits: Core['limits'],
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PAYPAL) private readonly paypal: PaypalPort,
    private readonly catalog: CatalogService,
    private readonly users: UsersService,
  ) {}

  private client() {
    if (!this.paypal) throw new AppError(503, 'pagamenti_non_configurati', 'I pagamenti non sono al momento disponibili.');
    return this.paypal;
  }

  /** GET /api/paypal/config: public (the client id is public by PayPal's design); 503 while payments are off */
  paypalConfig(): PaypalConfigResponse {
    const paypal = this.config.paypal;
    if (!this.paypal || !paypal) throw new AppError(503, 'pagamenti_non_configurati', 'I pagamenti non sono al momento disponibili.');
    return { clientId: paypal.clientId, sdkUrl: this.config.paypalSdkUrl, currency: CURRENCY, simulated: this.config.paypalStandIn };
  }

  /** GET /api/paypal/quote: the lines and the "Totale" the patient will be charged, as createOrder will compute them */
  async quote(user: SessionUser, input: { booking_id: string; product: string; coupon?: string | null }, client: string): Promise<ChargeQuote> {
    const { charge } = await this.chargeOf(user, input, client);
    return { lines: charge.lines, totalCents: charge.totalCents, stampDutyCents: charge.stampDutyCents, stampDutyCharged: charge.stampDutyCharged };
  }

  /** POST /api/paypal/orders: the amount is ours (rules/charge.ts: product, coupon, stamp duty), never the browser's */
  async createOrder(
    user: SessionUser,
    input: { booking_id: string; product: string; coupon?: string | null },
    metadata: EventMetadata,
    client: string,
  ): Promise<CreatePaypalOrderResponse> {
    const paypal = this.client();
    const { booking, product, coupon, charge } = await this.chargeOf(user, input, client);
    metadata = await this.inBookingChain(booking.id, metadata);

    let created;
    try {
      created = await paypal.createOrder({
        referenceId: booking.id,
        customId: product.id,
        description: product.name.slice(0, 127),
        amountCents: charge.totalCents,
        currency: CURRENCY,
      });
    } catch (error) {
      throw this.paypalFailure(error);
    }
    await this.commands.execute(
      new Decide(
        orderStreamName(created.id),
        orderDecider,
        {
          type: 'CreateOrder',
          order: {
            orderId: created.id,
            bookingId: booking.id,
            patientId: user.id,
            productId: product.id,
            coupon,
            amountCents: charge.totalCents,
            currency: CURRENCY,
            lines: charge.lines,
            totalCents: charge.totalCents,
            stampDutyCents: charge.stampDutyCents,
            stampDutyCharged: charge.stampDutyCharged,
          },
        },
        metadata,
      ),
    );
    return { id: created.id };
  }

  /** the patient's held booking, the product, the coupon and the charge computed from them (one rule: chargeFor) */
  private async chargeOf(
    user: SessionUser,
    input: { booking_id: string; product: string; coupon?: string | null },
    client: string,
  ): Promise<{ booking: { id: string; doc: BookingDoc }; product: ProductDoc; coupon: string | null; charge: Charge }> {
    // a client past its wrong coupon guesses learns nothing more here either
    if (input.coupon) await this.limits.coupon.ensureAllowed(client);
    const booking = await this.readModels.get<BookingDoc>('bookings', input.booking_id);
    if (!booking) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    if (booking.doc.patientId !== user.id) throw new ForbiddenError('Puoi pagare solo le tue prenotazioni.');
    if (booking.doc.status !== 'held' || Date.parse(booking.doc.expiresAt) <= this.clock.now().getTime()) {
      throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');
    }
    if (booking.doc.paymentInReview) throw new ConflictError(PAYMENT_IN_REVIEW_MESSAGE, 'pagamento_in_verifica');
    // a visit type sets its price: the product the browser sends must be that one (the page preselects it)
    if (booking.doc.visit && input.product !== booking.doc.visit.productId) {
      throw new UnprocessableError('Il prodotto non corrisponde al tipo di visita prenotato: ricarica la pagina di pagamento.', 'prodotto_del_tipo_di_visita');
    }
    const product = await this.product(input.product);
    const coupon = input.coupon ? normalizeCouponCode(input.coupon) : null;
    const percentage = coupon ? await this.catalog.guessedCouponPercentage(coupon, client) : null;
    if (coupon && percentage === null) throw new UnprocessableError('Coupon non valido!', 'coupon_non_valido');
    const charge = chargeFor({
      priceCents: product.priceCents,
      couponPercentage: percentage,
      stampDutyToPatient: await this.stampDutyToPatient(booking.doc.doctorId),
    });
    if (charge.totalCents <= 0) throw new UnprocessableError('Questo acquisto non richiede un pagamento online.', 'importo_nullo');
    return { booking, product, coupon, charge };
  }

  /**
   * The doctor's fiscal profile says who bears the stamp duty. Without a profile the patient is not charged it: what
   * they pay is what they were shown, and the receipt (issued once the profile exists) says the practitioner bore it.
   */
  private async stampDutyToPatient(doctorId: string): Promise<boolean> {
    const [last] = await this.eventStore.readStream(fiscalProfileStreamName(doctorId), { direction: 'backwards', maxCount: 1 });
    if (!last) return false;
    const event = parseRecordedEvent(last);
    return event.type === 'FiscalProfileSet' && event.data.stampDutyToPatient;
  }

  /**
   * POST /prenotazioni/conferma: the request is checked here (the patient's order, their hold, the billing data), then
   * the confirmation workflow (confirm-payment.workflow.ts) captures with PayPal and books, step by step from the log:
   * a retried confirmation resumes where a failed one stopped, and once OrderPlaced is recorded it answers the same
   * and appends nothing.
   */
  async confirm(user: SessionUser, input: ConfirmInput, metadata: EventMetadata, client: string): Promise<ConfirmPaymentResponse> {
    if (input.coupon) await this.limits.coupon.ensureAllowed(client);
    const paypal = this.client();
    const orderId = input.transaction;
    const { state } = await readState<OrderState, OrderEvent>(this.eventStore, orderStreamName(orderId), orderDecider);
    if (state.status === 'none') throw new NotFoundError('Ordine non trovato.', 'ordine_non_trovato');
    const order = state.order;
    if (order.patientId !== user.id) throw new ForbiddenError('Questo ordine non è tuo.', 'ordine_di_altri');
    if (state.status === 'placed') return HOME;
    if (state.status === 'refunded') throw new ConflictError(refundedMessage(state.reason), 'pagamento_rimborsato');
    if (state.status === 'pending') return { ...HOME, paymentInReview: true };
    if (state.status === 'failed') throw new ConflictError(PAYMENT_DECLINED_MESSAGE, 'pagamento_rifiutato');

    if (input.product !== order.productId) throw new UnprocessableError('Il prodotto non corrisponde a quello dell’ordine.', 'prodotto_diverso');
    if (input.coupon && !(await this.catalog.guessMatches(input.coupon, order.coupon, client))) {
      throw new UnprocessableError('Il coupon non corrisponde a quello dell’ordine.', 'coupon_diverso');
    }
    const taxcode = input.taxcode?.trim().toUpperCase() ?? '';
    const billing = input.billing?.trim() ?? '';
    if (!taxcode || !billing) throw new ValidationError(BILLING_REQUIRED_MESSAGE, 'fatturazione_mancante');
    if (!isValidCodiceFiscale(taxcode)) throw new ValidationError(INVALID_TAXCODE_MESSAGE, 'codice_fiscale_non_valido');
    if (billing.length > 500) throw new ValidationError('L’indirizzo di fatturazione è troppo lungo (al massimo 500 caratteri).', 'fatturazione_troppo_lunga');

    // the hold is judged when the confirmation starts: a capture that outlasts it still books the slot if nobody else took it
    const startedAt = this.clock.now().toISOString();
    let booking: Awaited<ReturnType<OrdersService['heldBooking']>>;
    try {
      booking = await this.heldBooking(order.bookingId, order.patientId, orderId);
    } catch (error) {
      // The money was taken by a confirmation that stopped before booking, and the hold has since run out or been
      // replaced: the capture goes back now, rather than waiting for the patient to call the practice.
      if (state.status === 'captured' && error instanceof ConflictError) {
        await this.refund(paypal, orderId, state.captureId, error.message, await this.inBookingChain(order.bookingId, metadata));
        throw new ConflictError(refundedMessage(error.message), 'pagamento_rimborsato');
      }
      // a capture asked for whose answer was lost: PayPal is asked what became of it, and it ends booked or refunded
      if (state.status === 'capturing' && error instanceof ConflictError) {
        const settled = await this.reconcile(orderId);
        if (settled === 'placed') return HOME;
        if (settled === 'refunded') throw new ConflictError(refundedMessage(error.message), 'pagamento_rimborsato');
      }
      throw error;
    }
    const { held: hold, correlationId } = booking;
    // the payment's events join the booking's chain (see inBookingChain)
    metadata = { ...metadata, correlationId };
    if (order.coupon && state.status === 'created') await this.usableCouponPercentage(order.coupon);

    const product = await this.readModels.get<ProductDoc>('products', order.productId);
    const invoice = await this.personalData.seal(order.patientId, { taxcode, billing });
    const request = {
      orderId,
      // the attempt's own id is set by the workflow (captureRequestId); recorded before PayPal is asked
      requestId: '',
      bookingId: order.bookingId,
      doctorId: hold.doctorId,
      start: hold.start,
      startedAt,
      today: practiceDay(new Date(startedAt), this.config.practiceTimeZone),
      productName: product?.doc.name ?? order.productId,
      invoice,
      stsOpposition: input.opposizione_sts === true,
    };
    // a capture asked for before (its answer lost) is resumed with that intent's data and request id
    const flow: ConfirmPaymentInput =
      state.status === 'capturing' || state.status === 'captured'
        ? { ...reconcileInput(order, state.request ?? request, doctorDayOf), mode: 'confirm' }
        : {
            orderId,
            bookingId: order.bookingId,
            patientId: order.patientId,
            doctorId: hold.doctorId,
            start: hold.start,
            day: doctorDayOf(hold.start),
            coupon: order.coupon,
            now: startedAt,
            today: request.today,
            placed: placedOf(order, request),
            mode: 'confirm',
            request,
          };
    // money first (PayPal's word on the capture, never the browser's status/amount), then coupon, slot, booking, order
    let refunded = false;
    let run;
    try {
      run = await runWorkflow(this.eventStore, confirmPaymentWorkflow, flow, async (step) => {
        const result = await this.executeConfirmStep(step, paypal, order, metadata);
        refunded ||= step.kind === 'refund';
        return result;
      });
    } catch (error) {
      // paid but not bookable: the workflow gave the money back
      if (refunded && error instanceof ConflictError) throw new ConflictError(refundedMessage(error.message), 'pagamento_rimborsato');
      throw error;
    }
    // read your writes: /home shows the confirmed booking and the order
    await this.changes.waitFor(run.position ?? (await this.eventStore.headPosition()));
    if (run.state.order.status === 'pending') return { ...HOME, paymentInReview: true };
    if (run.state.order.status !== 'placed') throw new UnprocessableError(PAYMENT_NOT_COMPLETED_MESSAGE, 'pagamento_non_completato');
    return HOME;
  }

  private async product(productId: string): Promise<ProductDoc> {
    const found = await this.readModels.get<ProductDoc>('products', productId);
    if (!found || !found.doc.active) throw new NotFoundError('Prodotto non trovato.', 'prodotto_non_trovato');
    return found.doc;
  }

  /** read from the coupon's stream, so a coupon just used up is already refused */
  private async usableCouponPercentage(code: string): Promise<number> {
    if (COUPON_CODE_PATTERN.test(code)) {
      const { state } = await readState(this.eventStore, couponStreamName(code), couponDecider);
      if (state.status === 'exists' && couponUsable(state, practiceDay(this.clock.now(), this.config.practiceTimeZone))) return state.percentage;
    }
    throw new UnprocessableError('Coupon non valido!', 'coupon_non_valido');
  }

  /**
   * Payment events join the booking's chain: same correlation id as the hold, so an auditor
   * follows hold → order → capture → booked in one view. The causation stays this request.
   */
  private async inBookingChain(bookingId: string, metadata: EventMetadata): Promise<EventMetadata> {
    const [held] = await this.eventStore.readStream(bookingStreamName(bookingId), { maxCount: 1 });
    return held ? { ...metadata, correlationId: held.metadata.correlationId } : metadata;
  }

  /** the booking stream's word: still held by this patient and not run out (or already ours) */
  /** the hold, and the correlation id of the booking's chain (its first event's) */
  private async heldBooking(bookingId: string, patientId: string, orderId: string): Promise<{ held: EventData<'BookingHeld'>; correlationId: string }> {
    // the events themselves are needed here (the hold's data, the chain's correlation id), not only their fold
    const history = (await this.eventStore.readStream(bookingStreamName(bookingId))).map(parseRecordedEvent);
    const state = history.reduce((s, e) => evolveWith(bookingDecider, s, e), bookingDecider.initialState());
    const heldEvent = history.find((e) => e.type === 'BookingHeld');
    if (!heldEvent) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    const held = heldEvent.data;
    if (held.patientId !== patientId) throw new ForbiddenError('Questa prenotazione non è tua.');
    const found = { held, correlationId: history[0].metadata.correlationId };
    if (state.status === 'confirmed' && state.orderId === orderId) return found;
    if (state.status !== 'held' || Date.parse(state.expiresAt) <= this.clock.now().getTime()) {
      throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');
    }
    // a hold the patient has since replaced is not theirs to pay, even while its slot is not yet given back
    const current = await readState(this.eventStore, patientHoldStreamName(patientId), patientHoldDecider);
    if (current.state.current !== null && current.state.current !== bookingId) throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_sostituita');
    return found;
  }

  /**
   * The cancel workflow's refund step: PayPal refunds the order's capture in full through the same path (and the same
   * request id, so a retried step is PayPal's same refund), then the order records it once. Answers the refund id.
   */
  async refundForCancellation(orderId: string, reason: string, metadata: EventMetadata): Promise<{ refundId: string; position: number | null }> {
    const paypal = this.client();
    const { state } = await readState<OrderState, OrderEvent>(this.eventStore, orderStreamName(orderId), orderDecider);
    if (state.status === 'refunded') {
      const refunded = (await this.eventStore.readStream(orderStreamName(orderId))).map(parseRecordedEvent).find((e) => e.type === 'PaymentRefunded');
      return { refundId: refunded!.data.refundId, position: null };
    }
    if (state.status !== 'placed' && state.status !== 'captured')
      throw new ConflictError('Questo ordine non risulta pagato: nulla da rimborsare.', 'ordine_non_pagato');
    let refund: RefundSummary;
    try {
      refund = await paypal.refundCapture(state.captureId, `refund-${orderId}`);
    } catch (error) {
      this.logger.error(`rimborso non riuscito per l’ordine ${orderId} (cattura ${state.captureId}): ${String(error)}`);
      throw new AppError(502, 'rimborso_non_riuscito', 'Il rimborso non è riuscito per ora: verrà ritentato automaticamente.');
    }
    const result = await this.commands.execute(
      new Decide(
        orderStreamName(orderId),
        orderDecider,
        {
          type: 'RefundPlacedOrder',
          refund: {
            orderId,
            captureId: state.captureId,
            refundId: refund.refundId,
            status: refund.status,
            reason,
            amountCents: await this.capturedCents(orderId),
          },
        },
        metadata,
        { onStale: 'decide-again' },
      ),
    );
    return { refundId: refund.refundId, position: result.position };
  }

  /** one step of the confirmation as the I/O it asks for: PayPal's capture or refund, or a command on one stream */
  protected async executeConfirmStep(
    step: ConfirmPaymentStep,
    paypal: NonNullable<PaypalPort>,
    order: EventData<'OrderCreated'>,
    metadata: EventMetadata,
  ): Promise<StepResult> {
    switch (step.kind) {
      case 'request':
        return this.commands.execute(
          new Decide(orderStreamName(step.command.request.orderId), orderDecider, step.command, metadata, { onStale: 'decide-again' }),
        );
      case 'capture': {
        const capture = step.mode === 'confirm' ? await this.capture(paypal, step.orderId, step.requestId) : await this.lookUp(paypal, step.orderId);
        return this.recordCaptureOutcome(capture, order, metadata, step.mode);
      }
      case 'review':
        return this.commands.execute(
          new Decide(bookingStreamName(step.command.bookingId), bookingDecider, step.command, metadata, { onStale: 'decide-again' }),
        );
      case 'coupon':
        return this.catalog.redeem(step.command, metadata);
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
      case 'order':
        return this.commands.execute(
          new Decide(orderStreamName(step.command.placed.orderId), orderDecider, step.command, metadata, { onStale: 'decide-again' }),
        );
      case 'refund':
        return this.refund(paypal, step.orderId, step.captureId, step.reason, metadata);
      case 'release':
        return this.commands.execute(
          new Decide(availabilityStreamName(step.command.doctorId, doctorDayOf(step.command.start)), availabilityDecider, step.command, metadata, {
            onStale: 'decide-again',
          }),
        );
      case 'end-hold':
        return this.commands.execute(
          new Decide(bookingStreamName(step.command.bookingId), bookingDecider, step.command, metadata, { onStale: 'decide-again' }),
        );
    }
  }

  /** a full refund of the capture, recorded on the order; the same request id makes a retry PayPal's same refund */
  private async refund(paypal: NonNullable<PaypalPort>, orderId: string, captureId: string, reason: string, metadata: EventMetadata): Promise<StepResult> {
    let refund: RefundSummary;
    try {
      refund = await paypal.refundCapture(captureId, `refund-${orderId}`);
    } catch (error) {
      this.logger.error(`rimborso non riuscito per l’ordine ${orderId} (cattura ${captureId}): ${String(error)}`);
      throw new AppError(
        502,
        'rimborso_non_riuscito',
        'Il pagamento è stato incassato ma la prenotazione non è più possibile e il rimborso automatico non è riuscito: contatta lo studio, che lo rimborserà.',
      );
    }
    return this.commands.execute(
      new Decide(
        orderStreamName(orderId),
        orderDecider,
        {
          type: 'RecordRefund',
          refund: { orderId, captureId, refundId: refund.refundId, status: refund.status, reason, amountCents: await this.capturedCents(orderId) },
        },
        metadata,
        { onStale: 'decide-again' },
      ),
    );
  }

  /** the intent's request id: a retried capture (after a lost answer, a timeout, a crash) is PayPal's same capture */
  private async capture(paypal: NonNullable<PaypalPort>, orderId: string, requestId: string): Promise<CaptureSummary> {
    try {
      return await paypal.captureOrder(orderId, requestId);
    } catch (error) {
      if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') return this.lookUp(paypal, orderId);
      if (error instanceof PaypalError && error.issue === 'ORDER_NOT_APPROVED') {
        // nothing was taken: the intent is closed, the patient may approve and confirm again
        return {
          orderId,
          status: 'APPROVAL_PENDING',
          captureStatus: null,
          captureId: null,
          paid: false,
          captureReason: 'ORDER_NOT_APPROVED',
          amountCents: null,
          currency: null,
          referenceId: null,
          customId: null,
        };
      }
      throw this.paypalFailure(error);
    }
  }

  /** GET /v2/checkout/orders/:id: PayPal's word on what became of the capture (a lost answer, a crash, a review) */
  private async lookUp(paypal: NonNullable<PaypalPort>, orderId: string): Promise<CaptureSummary> {
    try {
      return await paypal.getOrder(orderId);
    } catch (error) {
      // an order PayPal no longer knows (expired unapproved orders are deleted): no money was taken
      if (error instanceof PaypalError && error.httpStatus === 404) {
        return {
          orderId,
          status: 'NOT_FOUND',
          captureStatus: null,
          captureId: null,
          paid: false,
          captureReason: 'ORDER_NOT_FOUND',
          amountCents: null,
          currency: null,
          referenceId: null,
          customId: null,
        };
      }
      throw this.paypalFailure(error);
    }
  }

  /**
   * What PayPal said about the capture, recorded on the order: captured (verified), pending (review), or abandoned
   * (declined, never captured, order gone: no money taken). A still-pending capture the reconciler looked up records
   * nothing (CaptureStillPending).
   */
  private async recordCaptureOutcome(
    capture: CaptureSummary,
    order: EventData<'OrderCreated'>,
    metadata: EventMetadata,
    mode: 'confirm' | 'reconcile',
  ): Promise<StepResult> {
    const orderId = order.orderId;
    const execute = (command: Parameters<typeof orderDecider.decide>[0]) =>
      this.commands.execute(new Decide(orderStreamName(orderId), orderDecider, command, metadata, { onStale: 'decide-again' }));
    if (capture.captureId && capture.captureStatus === 'PENDING') {
      if (mode === 'reconcile') {
        const { state } = await readState<OrderState, OrderEvent>(this.eventStore, orderStreamName(orderId), orderDecider);
        if (state.status === 'pending') throw new CaptureStillPending(`Ordine ${orderId}: cattura ancora in verifica`);
      }
      this.logger.warn(`Ordine ${orderId}: cattura ${capture.captureId} in verifica (${capture.captureReason ?? 'motivo non indicato'})`);
      return execute({ type: 'RecordCapturePending', pending: { orderId, captureId: capture.captureId, reason: capture.captureReason ?? 'PENDING' } });
    }
    if (!capture.paid || !capture.captureId) {
      const reason = capture.captureStatus ? `cattura ${capture.captureStatus}` : (capture.captureReason ?? `ordine ${capture.status} senza cattura`);
      const { state } = await readState<OrderState, OrderEvent>(this.eventStore, orderStreamName(orderId), orderDecider);
      if (state.status === 'pending') {
        // PayPal ended its review by declining: the order fails, the flow goes on to give the hold back
        this.logger.warn(`Ordine ${orderId}: cattura ${state.captureId} rifiutata dopo la verifica (${reason})`);
        const why = capture.captureReason ? `${reason} (${capture.captureReason})` : reason;
        const { bookingId, patientId, productId, amountCents, currency } = order;
        return execute({
          type: 'RecordDecline',
          declined: {
            orderId,
            bookingId,
            patientId,
            productId,
            productName: placedName(state),
            amountCents,
            currency,
            captureId: state.captureId,
            reason: why,
          },
        });
      }
      this.logger.warn(`Ordine ${orderId}: capture ${capture.captureStatus ?? 'assente'} (ordine ${capture.status})`);
      await execute({ type: 'AbandonCapture', abandoned: { orderId, reason } });
      throw new UnprocessableError(PAYMENT_NOT_COMPLETED_MESSAGE, 'pagamento_non_completato');
    }
    this.verify(capture, order);
    return execute({
      type: 'RecordCapture',
      capture: { orderId, captureId: capture.captureId, amountCents: capture.amountCents!, currency: capture.currency! },
    });
  }

  private verify(capture: CaptureSummary, order: EventData<'OrderCreated'>): void {
    if (capture.amountCents !== order.amountCents || capture.currency !== order.currency) {
      this.logger.error(`Ordine ${order.orderId}: incassati ${capture.amountCents} ${capture.currency}, attesi ${order.amountCents} ${order.currency}`);
      throw new UnprocessableError(AMOUNT_MISMATCH_MESSAGE, 'importo_diverso');
    }
    if (capture.referenceId !== order.bookingId || (capture.customId !== null && capture.customId !== order.productId)) {
      throw new UnprocessableError('Il pagamento non corrisponde a questa prenotazione.', 'pagamento_diverso');
    }
  }

  /** what the order's capture took: the amount a full refund gives back */
  private async capturedCents(orderId: string): Promise<number | undefined> {
    const events = (await this.eventStore.readStream(orderStreamName(orderId))).map(parseRecordedEvent);
    const captured = events.find((e) => e.type === 'PaymentCaptured');
    return captured?.type === 'PaymentCaptured' ? captured.data.amountCents : undefined;
  }

  /**
   * The reconciler's work on one order: asks PayPal (GET the order) what became of a capture asked for, records it, and
   * carries the confirmation to its end without the browser: booked if the hold is still the patient's, else refunded
   * in full with the reason. A capture still in review stays as it is. Safe to run at any time, on every instance, twice
   * at once: every step is idempotent on its stream. Answers where the money stands.
   */
  async reconcile(orderId: string): Promise<OrderState['status']> {
    const paypal = this.client();
    const history = (await this.eventStore.readStream(orderStreamName(orderId))).map(parseRecordedEvent);
    const created = history.find((e) => e.type === 'OrderCreated');
    const requests = history.filter((e) => e.type === 'PaymentCaptureRequested');
    const request = requests[requests.length - 1];
    if (created?.type !== 'OrderCreated' || request?.type !== 'PaymentCaptureRequested') return created ? 'created' : 'none';
    const at = this.clock.now().toISOString();
    const metadata: EventMetadata = await this.inBookingChain(created.data.bookingId, {
      userId: 'system',
      role: 'system',
      at,
      correlationId: orderId,
      causationId: orderId,
    });
    const input = reconcileInput(created.data, request.data, doctorDayOf);
    try {
      await runWorkflow(this.eventStore, confirmPaymentWorkflow, input, (step) => this.executeConfirmStep(step, paypal, created.data, metadata));
    } catch (error) {
      if (!(error instanceof CaptureStillPending)) this.logger.warn(`Riconciliazione dell’ordine ${orderId}: ${String(error)}`);
    }
    return (await readState<OrderState, OrderEvent>(this.eventStore, orderStreamName(orderId), orderDecider)).state.status;
  }

  /**
   * Every order with an unfinished capture (unsettled_payments): asked for more than `graceMs` ago with no answer
   * recorded (a confirmation still under way is left alone), in review, or captured and neither booked nor refunded.
   * Answers how many ended booked or refunded.
   */
  async reconcileUnsettled(graceMs: number): Promise<{ settled: number; looked: number }> {
    const before = new Date(this.clock.now().getTime() - graceMs).toISOString();
    const due = [
      ...(await this.readModels.find<UnsettledPaymentDoc>('unsettled_payments', { status: 'capturing', requested_at: { lte: before } }, { limit: 500 })),
      ...(await this.readModels.find<UnsettledPaymentDoc>('unsettled_payments', { status: { in: ['pending', 'captured'] } }, { limit: 500 })),
    ];
    let settled = 0;
    const queue = due.map((d) => d.doc.orderId);
    // a few at a time: each waits on PayPal, not on this process
    await Promise.all(
      Array.from({ length: Math.min(8, queue.length) }, async () => {
        for (let orderId = queue.shift(); orderId !== undefined; orderId = queue.shift()) {
          const status = await this.reconcile(orderId).catch((e: unknown) => (this.logger.warn(String(e)), null));
          if (status === 'placed' || status === 'refunded' || status === 'failed') settled++;
        }
      }),
    );
    if (due.length > 0) await this.changes.waitFor(await this.eventStore.headPosition()).catch(() => undefined);
    return { settled, looked: due.length };
  }

  /**
   * POST /api/paypal/webhook: acted on only once PayPal confirms the signature (verify-webhook-signature); the message
   * then only says which order to look at: the reconciler asks PayPal itself, never trusting the message's body.
   */
  async webhook(transmission: WebhookTransmission, event: unknown): Promise<{ received: true; order: string | null }> {
    const paypal = this.client();
    let verified: boolean;
    try {
      verified = await paypal.verifyWebhookSignature(transmission, event);
    } catch (error) {
      throw this.paypalFailure(error);
    }
    if (!verified) throw new ValidationError('Firma del messaggio PayPal non valida.', 'firma_non_valida');
    const orderId = webhookOrderId(event);
    if (!orderId) return { received: true, order: null };
    const [first] = await this.eventStore.readStream(orderStreamName(orderId), { maxCount: 1 });
    if (!first) return { received: true, order: null };
    await this.reconcile(orderId);
    return { received: true, order: orderId };
  }

  private paypalFailure(error: unknown): Error {
    if (!(error instanceof PaypalError)) return error as Error;
    this.logger.warn(`PayPal: ${error.httpStatus} ${error.paypalName} ${error.issue ?? ''} ${error.message}`);
    if (error.issue === 'ORDER_NOT_APPROVED') return new UnprocessableError('Il pagamento non è stato approvato su PayPal.', 'pagamento_non_approvato');
    if (error.httpStatus === 404) return new NotFoundError('Ordine PayPal non trovato.', 'ordine_paypal_non_trovato');
    if (error.httpStatus === 422) return new UnprocessableError('PayPal ha rifiutato il pagamento.', 'pagamento_rifiutato');
    return new AppError(502, 'paypal_non_disponibile', 'PayPal non risponde correttamente: riprova tra qualche istante.');
  }
}

/** the product's name as the capture intent recorded it (the order's own stream has it once a capture was asked for) */
function placedName(state: Extract<OrderState, { status: 'pending' }>): string {
  return state.request.productName;
}

/** the PayPal order a webhook message is about: a capture's related order id, or the order itself */
function webhookOrderId(event: unknown): string | null {
  const e = event as { event_type?: unknown; resource?: { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } } } | null;
  const related = e?.resource?.supplementary_data?.related_ids?.order_id;
  if (typeof related === 'string' && related) return related;
  if (typeof e?.event_type === 'string' && e.event_type.startsWith('CHECKOUT.ORDER.') && typeof e.resource?.id === 'string') return e.resource.id;
  return null;
}
