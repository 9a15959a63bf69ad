import { Inject, Injectable } from '@nestjs/common';
import {
  type PaypalConfigResponse,
  bookingStreamName,
  normalizeCouponCode,
  orderStreamName,
  parseRecordedEvent,
  type CreatePaypalOrderResponse,
  type EventMetadata,
  type SessionUser,
  bookingProductRefusal,
  followUpRefusal,
  chargeFor,
  fiscalProfileStreamName,
  type Charge,
  type ChargeQuote,
} from '@studio/contracts';
import type { BookingDoc } from '../../scheduling/booking';
import type { ProductDoc } from '../catalog';
import { HOLD_EXPIRED_MESSAGE } from '../../scheduling/availability';
import { CatalogService } from '../catalog';

import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../../platform/common/errors';

import { PAYMENT_IN_REVIEW_MESSAGE } from './payment-messages';
import { PAYPAL, paypalFailure, paypalOrFail, type PaypalPort } from './paypal.provider';
import { CreateOrder } from './orders.commands';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { bookingsReadModel, earlierVisitExists } from '../../scheduling/booking';
import { productsReadModel } from '../catalog';
import { visitTypesReadModel } from '../../scheduling/visit-types';

const CURRENCY = 'EUR' as const;

const unprocessable = (message: string, code: string) => new AppError(422, code, message);

/**
 * A PayPal order for the patient's held booking: the charge (rules/charge.ts: product, coupon, stamp duty) computed
 * here, never in the browser. Its confirmation is a workflow (workflows/confirm-payment/), run by the one runner.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly kernel: KernelPorts,
    @Inject(PAYPAL) private readonly paypal: PaypalPort,
    private readonly catalog: CatalogService,
  ) {}

  /** GET /api/paypal/config: public (the client id is public by PayPal's design); 503 while payments are off */
  paypalConfig(): PaypalConfigResponse {
    const paypal = this.kernel.config.paypal;
    if (!this.paypal || !paypal) throw new AppError(503, 'pagamenti_non_configurati', 'I pagamenti non sono al momento disponibili.');
    return { clientId: paypal.clientId, sdkUrl: this.kernel.config.paypalSdkUrl, currency: CURRENCY, simulated: this.kernel.config.paypalStandIn };
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
    const paypal = paypalOrFail(this.paypal);
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
      throw paypalFailure(error);
    }
    await this.kernel.commands.execute(
      new CreateOrder(
        orderStreamName(created.id),
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
    if (input.coupon) await this.kernel.limits.coupon.ensureAllowed(client);
    const booking = await bookingsReadModel.get(this.kernel.readModels, input.booking_id);
    if (!booking) throw new NotFoundError('Prenotazione non trovata.', 'prenotazione_non_trovata');
    if (booking.doc.patientId !== user.id) throw new ForbiddenError('Puoi pagare solo le tue prenotazioni.');
    if (booking.doc.status !== 'held' || Date.parse(booking.doc.expiresAt) <= this.kernel.clock.now().getTime()) {
      throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');
    }
    if (booking.doc.paymentInReview) throw new ConflictError(PAYMENT_IN_REVIEW_MESSAGE, 'pagamento_in_verifica');
    // the product must price this booking (rules/charge.ts): its visit type's, or a catalogue product for an untyped one
    const refusal = bookingProductRefusal({
      bookedProductId: booking.doc.visit?.productId ?? null,
      doctorHasVisitTypes: await this.hasActiveVisitTypes(booking.doc.doctorId),
      productId: input.product,
      productDoctorId: await this.productDoctor(input.product),
    });
    if (refusal) throw unprocessable(refusal.message, refusal.code);
    const product = await this.product(input.product);
    const coupon = input.coupon ? normalizeCouponCode(input.coupon) : null;
    const percentage = coupon ? await this.catalog.guessedCouponPercentage(coupon, client) : null;
    if (coupon && percentage === null) throw unprocessable('Coupon non valido!', 'coupon_non_valido');
    const followUp = followUpRefusal(
      product.followUpOnly ?? false,
      await earlierVisitExists(this.kernel.readModels, booking.doc.patientId, booking.doc.doctorId, booking.doc.start),
    );
    if (followUp) throw unprocessable(followUp.message, followUp.code);
    const charge = chargeFor({
      priceCents: product.priceCents,
      couponPercentage: percentage,
      stampDutyToPatient: await this.stampDutyToPatient(booking.doc.doctorId),
    });
    if (charge.totalCents <= 0) throw unprocessable('Questo acquisto non richiede un pagamento online.', 'importo_nullo');
    return { booking, product, coupon, charge };
  }

  /**
   * The doctor's fiscal profile says who bears the stamp duty. Without a profile the patient is not charged it: what
   * they pay is what they were shown, and the receipt (issued once the profile exists) says the practitioner bore it.
   */
  private async stampDutyToPatient(doctorId: string): Promise<boolean> {
    const [last] = await this.kernel.eventStore.readStream(fiscalProfileStreamName(doctorId), { direction: 'backwards', maxCount: 1 });
    if (!last) return false;
    const event = parseRecordedEvent(last);
    return event.type === 'FiscalProfileSet' && event.data.stampDutyToPatient;
  }

  private async hasActiveVisitTypes(doctorId: string): Promise<boolean> {
    return (await visitTypesReadModel.find(this.kernel.readModels, { doctor_id: doctorId })).some((t) => !t.doc.archived);
  }

  /** the doctor whose visit type the product prices; null for a product of the practice's catalogue */
  private async productDoctor(productId: string): Promise<string | null> {
    const [type] = await visitTypesReadModel.find(this.kernel.readModels, { product_id: productId }, { limit: 1 });
    return type?.doc.doctorId ?? null;
  }

  private async product(productId: string): Promise<ProductDoc> {
    const found = await productsReadModel.get(this.kernel.readModels, productId);
    if (!found || !found.doc.active) throw new NotFoundError('Prodotto non trovato.', 'prodotto_non_trovato');
    return found.doc;
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
