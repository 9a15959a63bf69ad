import { Inject, Injectable, Logger } from '@nestjs/common';
import { orderStreamName, parseRecordedEvent, type EventData, type EventMetadata } from '@studio/contracts';
import { AppError, ConflictError, NotFoundError } from '../../../platform/common/errors';
import { readState } from '../../../platform/event-store/command-handler';
import { StepDeferred, type StepResult } from '../../../platform/event-store/workflow';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import {
  AMOUNT_MISMATCH_MESSAGE,
  PAYMENT_NOT_COMPLETED_MESSAGE,
  PAYPAL,
  AbandonCapture,
  RecordCapture,
  RecordCapturePending,
  RecordDecline,
  RecordRefund,
  RefundPlacedOrder,
  orderDecider,
  paypalFailure,
  paypalOrFail,
  type OrderEvent,
  type OrderState,
  type PaypalPort,
} from '../orders';
import { PaypalError, type CaptureSummary, type RefundSummary } from '../paypal';
import { REFUND_FOR_CANCELLATION } from '../../scheduling/workflows';
import { PAYPAL_CAPTURE, PAYPAL_REFUND } from './confirm-payment.workflow';

type PaypalOutcome = AbandonCapture | RecordCapture | RecordCapturePending | RecordDecline | RecordRefund | RefundPlacedOrder;

/** a capture PayPal is still reviewing: the sweep asks again later, nothing to record now */
export class CaptureStillPending extends StepDeferred {}

const unprocessable = (message: string, code: string) => new AppError(422, code, message);

/**
 * The workflows' PayPal steps as named effects on the one runner: each calls PayPal, then records its answer on the
 * order with a command. The capture (POST with the intent's request id, or GET the order when the reconciler asks
 * what became of it), the refund of a capture the confirmation could not book, and the refund of a cancelled booking.
 * The same request ids make a retried step PayPal's same capture or refund.
 */
@Injectable()
export class PaypalEffects {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly kernel: KernelPorts,
    @Inject(PAYPAL) private readonly paypal: PaypalPort,
    workflows: WorkflowRunner,
  ) {
    workflows.effect(PAYPAL_CAPTURE, (args: { orderId: string; requestId: string; mode: 'confirm' | 'reconcile' }, metadata: EventMetadata) =>
      this.capture(args, metadata),
    );
    workflows.effect(PAYPAL_REFUND, (args: { orderId: string; captureId: string; reason: string }, metadata: EventMetadata) =>
      this.refund(args.orderId, args.captureId, args.reason, metadata),
    );
    workflows.effect(REFUND_FOR_CANCELLATION, (args: { orderId: string; reason: string }, metadata: EventMetadata) =>
      this.refundForCancellation(args.orderId, args.reason, metadata),
    );
  }

  /** PayPal's answer recorded on the order: its command on the bus (decided again on a lost append, by its handler) */
  private execute(command: PaypalOutcome): Promise<StepResult> {
    return this.kernel.commands.execute<PaypalOutcome, StepResult>(command);
  }

  private async orderState(orderId: string): Promise<OrderState> {
    return (await readState<OrderState, OrderEvent>(this.kernel.eventStore, orderStreamName(orderId), orderDecider)).state;
  }

  /** the capture step: PayPal's word on it (never the browser's), recorded on the order */
  private async capture({ orderId, requestId, mode }: { orderId: string; requestId: string; mode: 'confirm' | 'reconcile' }, metadata: EventMetadata) {
    const paypal = paypalOrFail(this.paypal);
    const state = await this.orderState(orderId);
    if (state.status === 'none') throw new NotFoundError('Ordine non trovato.', 'ordine_non_trovato');
    const capture = mode === 'confirm' ? await this.captureOrder(paypal, orderId, requestId) : await this.lookUp(paypal, orderId);
    return this.recordCaptureOutcome(capture, state.order, metadata, mode);
  }

  /** a full refund of the capture, recorded on the order; the same request id makes a retry PayPal's same refund */
  private async refund(orderId: string, captureId: string, reason: string, metadata: EventMetadata): Promise<StepResult> {
    const paypal = paypalOrFail(this.paypal);
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
    return this.execute(
      new RecordRefund(
        orderStreamName(orderId),
        {
          type: 'RecordRefund',
          refund: { orderId, captureId, refundId: refund.refundId, status: refund.status, reason, amountCents: await this.capturedCents(orderId) },
        },
        metadata,
      ),
    );
  }

  /**
   * The cancel workflow's refund step: PayPal refunds the order's capture in full through the same path (and the same
   * request id, so a retried step is PayPal's same refund), then the order records it once.
   */
  private async refundForCancellation(orderId: string, reason: string, metadata: EventMetadata): Promise<StepResult> {
    const paypal = paypalOrFail(this.paypal);
    const state = await this.orderState(orderId);
    if (state.status === 'refunded') return { position: null };
    if (state.status !== 'placed' && state.status !== 'captured')
      throw new ConflictError('Questo ordine non risulta pagato: nulla da rimborsare.', 'ordine_non_pagato');
    let refund: RefundSummary;
    try {
      refund = await paypal.refundCapture(state.captureId, `refund-${orderId}`);
    } catch (error) {
      this.logger.error(`rimborso non riuscito per l’ordine ${orderId} (cattura ${state.captureId}): ${String(error)}`);
      throw new AppError(502, 'rimborso_non_riuscito', 'Il rimborso non è riuscito per ora: verrà ritentato automaticamente.');
    }
    const refunded = {
      orderId,
      captureId: state.captureId,
      refundId: refund.refundId,
      status: refund.status,
      reason,
      amountCents: await this.capturedCents(orderId),
    };
    return this.execute(new RefundPlacedOrder(orderStreamName(orderId), { type: 'RefundPlacedOrder', refund: refunded }, metadata));
  }

  /** the intent's request id: a retried capture (after a lost answer, a timeout, a crash) is PayPal's same capture */
  private async captureOrder(paypal: NonNullable<PaypalPort>, orderId: string, requestId: string): Promise<CaptureSummary> {
    try {
      return await paypal.captureOrder(orderId, requestId);
    } catch (error) {
      if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') return this.lookUp(paypal, orderId);
      // nothing was taken: the intent is closed, the patient may approve and confirm again
      if (error instanceof PaypalError && error.issue === 'ORDER_NOT_APPROVED') return nothingTaken(orderId, 'APPROVAL_PENDING', 'ORDER_NOT_APPROVED');
      throw paypalFailure(error);
    }
  }

  /** GET /v2/checkout/orders/:id: PayPal's word on what became of the capture (a lost answer, a crash, a review) */
  private async lookUp(paypal: NonNullable<PaypalPort>, orderId: string): Promise<CaptureSummary> {
    try {
      return await paypal.getOrder(orderId);
    } catch (error) {
      // an order PayPal no longer knows (expired unapproved orders are deleted): no money was taken
      if (error instanceof PaypalError && error.httpStatus === 404) return nothingTaken(orderId, 'NOT_FOUND', 'ORDER_NOT_FOUND');
      throw paypalFailure(error);
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
    if (capture.captureId && capture.captureStatus === 'PENDING') {
      if (mode === 'reconcile' && (await this.orderState(orderId)).status === 'pending') {
        throw new CaptureStillPending(`Ordine ${orderId}: cattura ancora in verifica`);
      }
      this.logger.warn(`Ordine ${orderId}: cattura ${capture.captureId} in verifica (${capture.captureReason ?? 'motivo non indicato'})`);
      return this.execute(
        new RecordCapturePending(
          orderStreamName(orderId),
          { type: 'RecordCapturePending', pending: { orderId, captureId: capture.captureId, reason: capture.captureReason ?? 'PENDING' } },
          metadata,
        ),
      );
    }
    if (!capture.paid || !capture.captureId) {
      const reason = capture.captureStatus ? `cattura ${capture.captureStatus}` : (capture.captureReason ?? `ordine ${capture.status} senza cattura`);
      const state = await this.orderState(orderId);
      if (state.status === 'pending') {
        // PayPal ended its review by declining: the order fails, the flow goes on to give the hold back
        this.logger.warn(`Ordine ${orderId}: cattura ${state.captureId} rifiutata dopo la verifica (${reason})`);
        const why = capture.captureReason ? `${reason} (${capture.captureReason})` : reason;
        const { bookingId, patientId, productId, amountCents, currency } = order;
        const productName = state.request.productName;
        const declined = { orderId, bookingId, patientId, productId, productName, amountCents, currency, captureId: state.captureId, reason: why };
        return this.execute(new RecordDecline(orderStreamName(orderId), { type: 'RecordDecline', declined }, metadata));
      }
      this.logger.warn(`Ordine ${orderId}: capture ${capture.captureStatus ?? 'assente'} (ordine ${capture.status})`);
      await this.execute(new AbandonCapture(orderStreamName(orderId), { type: 'AbandonCapture', abandoned: { orderId, reason } }, metadata));
      throw unprocessable(PAYMENT_NOT_COMPLETED_MESSAGE, 'pagamento_non_completato');
    }
    this.verify(capture, order);
    return this.execute(
      new RecordCapture(
        orderStreamName(orderId),
        { type: 'RecordCapture', capture: { orderId, captureId: capture.captureId, amountCents: capture.amountCents!, currency: capture.currency! } },
        metadata,
      ),
    );
  }

  private verify(capture: CaptureSummary, order: EventData<'OrderCreated'>): void {
    if (capture.amountCents !== order.amountCents || capture.currency !== order.currency) {
      this.logger.error(`Ordine ${order.orderId}: incassati ${capture.amountCents} ${capture.currency}, attesi ${order.amountCents} ${order.currency}`);
      throw unprocessable(AMOUNT_MISMATCH_MESSAGE, 'importo_diverso');
    }
    if (capture.referenceId !== order.bookingId || (capture.customId !== null && capture.customId !== order.productId)) {
      throw unprocessable('Il pagamento non corrisponde a questa prenotazione.', 'pagamento_diverso');
    }
  }

  /** what the order's capture took: the amount a full refund gives back */
  private async capturedCents(orderId: string): Promise<number | undefined> {
    const events = (await this.kernel.eventStore.readStream(orderStreamName(orderId))).map(parseRecordedEvent);
    const captured = events.find((e) => e.type === 'PaymentCaptured');
    return captured?.type === 'PaymentCaptured' ? captured.data.amountCents : undefined;
  }
}

/** PayPal's answer when it took no money (the order not approved, or gone) */
function nothingTaken(orderId: string, status: string, reason: string): CaptureSummary {
  return {
    orderId,
    status,
    captureStatus: null,
    captureId: null,
    paid: false,
    captureReason: reason,
    amountCents: null,
    currency: null,
    referenceId: null,
    customId: null,
  };
}
