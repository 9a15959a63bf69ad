import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BILLING_REQUIRED_MESSAGE,
  bookingStreamName,
  isValidCodiceFiscale,
  orderStreamName,
  parseRecordedEvent,
  practiceDay,
  type ConfirmPaymentResponse,
  type EventData,
  type EventMetadata,
  type SessionUser,
} from '@studio/contracts';
import { doctorDayOf } from '../../scheduling/availability';
import { CatalogService } from '../catalog';

import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { StepDeferred, readWorkflowState } from '../../../platform/event-store/workflow';
import { WorkflowRunner, type SweepOutcome } from '../../../platform/event-store/workflow-runner';

import { INVALID_TAXCODE_MESSAGE, PAYMENT_NOT_COMPLETED_MESSAGE, PAYPAL, paypalFailure, paypalOrFail, refundedMessage, type PaypalPort } from '../orders';
import { type WebhookTransmission } from '../paypal';
import { confirmPaymentWorkflow, reconcileInput, type ConfirmPaymentInput, type ConfirmPaymentState } from './confirm-payment.workflow';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { bookingsReadModel } from '../../scheduling/booking';
import { productsReadModel } from '../catalog';
import { unsettledPaymentsReadModel } from './read-models';

const HOME = { redirect: '/home' } as const;

export interface ConfirmInput {
  transaction: string;
  product: string;
  taxcode?: string | null;
  billing?: string | null;
  coupon?: string | null;
  /** the patient opposes sending the expense to the Sistema Tessera Sanitaria (recorded on the receipt) */
  opposizione_sts?: boolean;
}

/**
 * The payment's confirmation (confirm-payment.workflow.ts) on the one runner: the patient's POST /prenotazioni/conferma,
 * PayPal's webhook, and the query of the orders whose money is not settled, which the one sweep resumes after a
 * restart (no money without a booking or a refund). The service checks the request's own fields and gives the
 * workflow its input; whether the order and the hold are still the patient's is the workflow's `decide`.
 */
@Injectable()
export class ConfirmPaymentService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly kernel: KernelPorts,
    @Inject(PAYPAL) private readonly paypal: PaypalPort,
    private readonly catalog: CatalogService,
    private readonly workflows: WorkflowRunner,
  ) {
    workflows.resumes(confirmPaymentWorkflow, () => this.unsettled(this.kernel.config.paypalCaptureGraceMs), {
      metadata: (input) => this.systemMetadata(input),
    });
  }

  /**
   * POST /prenotazioni/conferma: the request's fields are checked here (product, coupon, billing), then the workflow
   * captures with PayPal and books, step by step from the log: a retried confirmation resumes where a failed one
   * stopped, and once OrderPlaced is recorded it answers the same and appends nothing.
   */
  async confirm(user: SessionUser, input: ConfirmInput, metadata: EventMetadata, client: string): Promise<ConfirmPaymentResponse> {
    if (input.coupon) await this.kernel.limits.coupon.ensureAllowed(client);
    paypalOrFail(this.paypal);
    const order = await this.orderCreated(input.transaction);
    if (!order) throw new NotFoundError('Ordine non trovato.', 'ordine_non_trovato');
    if (input.product !== order.productId) throw new AppError(422, 'prodotto_diverso', 'Il prodotto non corrisponde a quello dell’ordine.');
    if (input.coupon && !(await this.catalog.guessMatches(input.coupon, order.coupon, client))) {
      throw new AppError(422, 'coupon_diverso', 'Il coupon non corrisponde a quello dell’ordine.');
    }
    const taxcode = input.taxcode?.trim().toUpperCase() ?? '';
    const billing = input.billing?.trim() ?? '';
    if (!taxcode || !billing) throw new ValidationError(BILLING_REQUIRED_MESSAGE, 'fatturazione_mancante');
    if (!isValidCodiceFiscale(taxcode)) throw new ValidationError(INVALID_TAXCODE_MESSAGE, 'codice_fiscale_non_valido');
    if (billing.length > 500) throw new ValidationError('L’indirizzo di fatturazione è troppo lungo (al massimo 500 caratteri).', 'fatturazione_troppo_lunga');

    const booking = await bookingsReadModel.get(this.kernel.readModels, order.bookingId);
    if (!booking) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    // the hold is judged when the confirmation starts: a capture that outlasts it still books the slot if nobody else took it
    const startedAt = this.kernel.clock.now().toISOString();
    const product = await productsReadModel.get(this.kernel.readModels, order.productId);
    const request: EventData<'PaymentCaptureRequested'> = {
      orderId: order.orderId,
      // the attempt's own id is set by the workflow (captureRequestId); recorded before PayPal is asked
      requestId: '',
      bookingId: order.bookingId,
      doctorId: booking.doc.doctorId,
      start: booking.doc.start,
      startedAt,
      today: practiceDay(new Date(startedAt), this.kernel.config.practiceTimeZone),
      productName: product?.doc.name ?? order.productId,
      invoice: await this.kernel.personalData.seal(order.patientId, { taxcode, billing }),
      stsOpposition: input.opposizione_sts === true,
    };
    const flow: ConfirmPaymentInput = { ...reconcileInput(order, request, doctorDayOf), patientId: user.id, mode: 'confirm', checkedAt: startedAt };
    // the payment's events join the booking's chain (see inBookingChain)
    metadata = await this.inBookingChain(order.bookingId, metadata);
    let run;
    try {
      run = await this.workflows.run(confirmPaymentWorkflow, flow, metadata);
    } catch (error) {
      // paid but not bookable: the workflow gave the money back
      if (error instanceof ConflictError && error.code !== 'pagamento_rimborsato' && (await this.state(flow)).order.status === 'refunded') {
        throw new ConflictError(refundedMessage(error.message), 'pagamento_rimborsato');
      }
      throw error;
    }
    // read your writes: /home shows the confirmed booking and the order
    await this.kernel.changes.waitFor(run.position ?? (await this.kernel.eventStore.headPosition()));
    if (run.state.order.status === 'pending') return { ...HOME, paymentInReview: true };
    if (run.state.order.status !== 'placed') throw new AppError(422, 'pagamento_non_completato', PAYMENT_NOT_COMPLETED_MESSAGE);
    return HOME;
  }

  /**
   * POST /api/paypal/webhook: acted on only once PayPal confirms the signature (verify-webhook-signature); the message
   * then only says which order to look at: the workflow asks PayPal itself, never trusting the message's body.
   */
  async webhook(transmission: WebhookTransmission, event: unknown, client: string): Promise<{ received: true; order: string | null }> {
    // each message costs a call to PayPal: counted per client before it, a verified one gives its point back, so forged
    // messages use up an address's budget and PayPal's own deliveries do not (a refused one is retried by PayPal)
    await this.kernel.limits.webhook.consume(client);
    const paypal = paypalOrFail(this.paypal);
    let verified: boolean;
    try {
      verified = await paypal.verifyWebhookSignature(transmission, event);
    } catch (error) {
      throw paypalFailure(error);
    }
    if (!verified) throw new ValidationError('Firma del messaggio PayPal non valida.', 'firma_non_valida');
    await this.kernel.limits.webhook.giveBack(client);
    const orderId = webhookOrderId(event);
    if (!orderId) return { received: true, order: null };
    const input = await this.reconcileInputOf(orderId);
    if (input === 'unknown') return { received: true, order: null };
    if (input) {
      await this.workflows.run(confirmPaymentWorkflow, input, await this.systemMetadata(input)).catch((error: unknown) => {
        if (!(error instanceof StepDeferred)) this.logger.warn(`Riconciliazione dell’ordine ${orderId}: ${String(error)}`);
      });
    }
    return { received: true, order: orderId };
  }

  /**
   * The reconciler's pass: every order with an unfinished capture, run to its end by the runner (booked if the hold is
   * still the patient's, else refunded in full; a capture still in review stays as it is). Answers how many orders it
   * looked at and how many ended booked, refunded or failed.
   */
  async reconcileUnsettled(graceMs: number): Promise<{ settled: number; looked: number }> {
    return settledOf(await this.workflows.resumeWith(confirmPaymentWorkflow, () => this.unsettled(graceMs)));
  }

  /**
   * The workflow's unfinished instances (unsettled_payments): a capture asked for more than `graceMs` ago with no
   * answer recorded (a confirmation still under way is left alone), in review, or captured and neither booked nor
   * refunded. Each resumes from what the log holds, with no browser.
   */
  private async unsettled(graceMs: number): Promise<ConfirmPaymentInput[]> {
    if (!this.paypal) return [];
    const before = new Date(this.kernel.clock.now().getTime() - graceMs).toISOString();
    const due = [
      ...(await unsettledPaymentsReadModel.find(this.kernel.readModels, { status: 'capturing', requested_at: { lte: before } }, { limit: 500 })),
      ...(await unsettledPaymentsReadModel.find(this.kernel.readModels, { status: { in: ['pending', 'captured'] } }, { limit: 500 })),
    ];
    const inputs: ConfirmPaymentInput[] = [];
    for (const { doc } of due) {
      const input = await this.reconcileInputOf(doc.orderId);
      if (input && input !== 'unknown') inputs.push(input);
    }
    return inputs;
  }

  /** the confirmation's input as the order's log has it (its creation and last capture intent); null before any intent */
  private async reconcileInputOf(orderId: string): Promise<ConfirmPaymentInput | null | 'unknown'> {
    const history = (await this.kernel.eventStore.readStream(orderStreamName(orderId))).map(parseRecordedEvent);
    const created = history.find((e) => e.type === 'OrderCreated');
    const requests = history.filter((e) => e.type === 'PaymentCaptureRequested');
    const request = requests[requests.length - 1];
    if (created?.type !== 'OrderCreated') return 'unknown';
    return request?.type === 'PaymentCaptureRequested' ? reconcileInput(created.data, request.data, doctorDayOf) : null;
  }

  private async orderCreated(orderId: string): Promise<EventData<'OrderCreated'> | null> {
    const [first] = (await this.kernel.eventStore.readStream(orderStreamName(orderId), { maxCount: 1 })).map(parseRecordedEvent);
    return first?.type === 'OrderCreated' ? first.data : null;
  }

  private state(input: ConfirmPaymentInput): Promise<ConfirmPaymentState> {
    return readWorkflowState(this.kernel.eventStore, confirmPaymentWorkflow, input);
  }

  /** a resumed confirmation's events: the system's, correlated with the booking's chain, caused by the order */
  private systemMetadata(input: ConfirmPaymentInput): Promise<EventMetadata> {
    const at = this.kernel.clock.now().toISOString();
    return this.inBookingChain(input.bookingId, { userId: 'system', role: 'system', at, correlationId: input.orderId, causationId: input.orderId });
  }

  /**
   * Payment events join the booking's chain: same correlation id as the hold, so an auditor
   * follows hold → order → capture → booked in one view. The causation stays this request.
   */
  private async inBookingChain(bookingId: string, metadata: EventMetadata): Promise<EventMetadata> {
    const [held] = await this.kernel.eventStore.readStream(bookingStreamName(bookingId), { maxCount: 1 });
    return held ? { ...metadata, correlationId: held.metadata.correlationId } : metadata;
  }
}

/** how many of the sweep's orders it looked at, and how many ended booked, refunded or failed */
export function settledOf(outcomes: SweepOutcome[]): { settled: number; looked: number } {
  const mine = outcomes.filter((o) => o.workflow === confirmPaymentWorkflow.name);
  const settled = mine.filter((o) => ['placed', 'refunded', 'failed'].includes((o.state as ConfirmPaymentState).order.status)).length;
  return { settled, looked: mine.length };
}

/** the PayPal order a webhook message is about: a capture's related order id, or the order itself */
function webhookOrderId(event: unknown): string | null {
  const e = event as { event_type?: unknown; resource?: { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } } } | null;
  const related = e?.resource?.supplementary_data?.related_ids?.order_id;
  if (typeof related === 'string' && related) return related;
  if (typeof e?.event_type === 'string' && e.event_type.startsWith('CHECKOUT.ORDER.') && typeof e.resource?.id === 'string') return e.resource.id;
  return null;
}
