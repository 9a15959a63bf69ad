import { z } from '../../platform/zod-it';
import { Sealed } from '../../platform/sealed';

/** Events of `order-<paypalOrderId>` and `order-desk-<bookingId>`: an order, its payment, capture, refund. */

/**
 * What the patient is charged, as computed once (contracts/src/payments/rules/charge.ts) and shown before paying; on the order's
 * events. `amountCents` of the order is then `totalCents`: the amount sent to PayPal and captured. Absent on orders
 * created before the charge was recorded (their amount was the service alone, the duty added on the receipt).
 */
export const ChargeLineSchema = z.object({ kind: z.enum(['visit', 'coupon', 'stamp_duty']), amountCents: z.number().int() });
const ChargeFields = {
  lines: z.array(ChargeLineSchema).optional(),
  totalCents: z.number().int().optional(),
  /** the duty due on the receipt, charged to the patient (a line) or borne by the practitioner */
  stampDutyCents: z.number().int().optional(),
  stampDutyCharged: z.boolean().optional(),
};
/** on `order-<paypalOrderId>`: the order we asked PayPal for, with the amount we computed */
export const OrderCreated = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  productId: z.string(),
  /** upper-cased code, null when none */
  coupon: z.string().nullable(),
  amountCents: z.number().int().positive(),
  currency: z.literal('EUR'),
  ...ChargeFields,
});
/** on `order-<id>`: PayPal confirmed the capture (verified server-side) */
export const PaymentCaptured = z.object({ orderId: z.string(), captureId: z.string(), amountCents: z.number().int(), currency: z.string() });
/**
 * on `order-<id>`: the money was captured but the booking could not be made (the hold ran out, the
 * slot or the coupon went to someone else in the meantime): PayPal refunded the capture in full
 */
export const PaymentRefunded = z.object({
  orderId: z.string(),
  captureId: z.string(),
  refundId: z.string(),
  status: z.string(),
  reason: z.string(),
  /** what was given back (the whole capture); absent on older events */
  amountCents: z.number().int().optional(),
});
/** on `order-<id>`: the purchase is complete; taxcode and billing sealed with the patient's key */
export const OrderPlaced = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  productId: z.string(),
  productName: z.string(),
  coupon: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  captureId: z.string(),
  /** {taxcode, billing} */
  invoice: Sealed,
  /** the patient opposed sending the expense to the Sistema Tessera Sanitaria (absent on older events: no) */
  stsOpposition: z.boolean().optional(),
  ...ChargeFields,
  /** how it was paid: a desk payment's cash / card / transfer; absent: PayPal */
  paymentMethod: z.enum(['paypal', 'cash', 'card', 'transfer']).optional(),
});
/**
 * on `order-<id>`: the confirmation is about to ask PayPal to capture, with this PayPal-Request-Id; recorded first, so a
 * capture whose answer is lost (process killed, network) is found and settled by the reconciler without the browser.
 * Carries what finishing the booking needs: the slot, when the confirmation started, the sealed invoice.
 */
export const PaymentCaptureRequested = z.object({
  orderId: z.string(),
  requestId: z.string(),
  bookingId: z.string(),
  doctorId: z.string(),
  start: z.string(),
  /** when the confirmation started: the hold is judged then */
  startedAt: z.string(),
  /** the practice's day then (the coupon's validity) */
  today: z.string(),
  productName: z.string(),
  /** {taxcode, billing}, sealed with the patient's key */
  invoice: Sealed,
  stsOpposition: z.boolean(),
});
/** on `order-<id>`: PayPal holds the capture for review (PENDING); the booking stays held until it settles */
export const PaymentCapturePending = z.object({ orderId: z.string(), captureId: z.string(), reason: z.string() });
/** on `order-<id>`: the capture asked for did not take the money (declined, never made, order gone): nothing to give back */
export const PaymentCaptureAbandoned = z.object({ orderId: z.string(), reason: z.string() });
/**
 * on `order-<id>`: PayPal ended its review of a PENDING capture by declining it (PAYMENT.CAPTURE.DENIED, or the capture
 * DECLINED when the reconciler asks): no money was taken, the order ends failed with the reason, the hold is given back
 */
export const PaymentDeclined = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  productId: z.string(),
  productName: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  captureId: z.string(),
  reason: z.string(),
});

/**
 * on `order-desk-<bookingId>`: a payment taken at the practice's desk for a booking, recorded by its doctor
 * or an administrator; the desk-payment workflow then books the slot, confirms the booking and places the order
 * (OrderPlaced with paymentMethod), so the receipt follows as for PayPal. A refund is PaymentRefunded on the same stream.
 */
export const DeskPaymentRecorded = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  method: z.enum(['cash', 'card', 'transfer']),
  amountCents: z.number().int().positive(),
  at: z.string(),
  /** the receipt's buyer data (sealed) and the STS opposition: what placing the order after a crash needs */
  invoice: Sealed.optional(),
  stsOpposition: z.boolean().optional(),
  /** the doctor's discount that let the desk take less than the visit's price, with its reason */
  discount: z.object({ reason: z.string() }).optional(),
});

/** this stream's events, for the catalogue (./index.ts) */
export const OrderEventSchemas = {
  OrderCreated,
  PaymentCaptured,
  PaymentRefunded,
  OrderPlaced,
  PaymentCaptureRequested,
  PaymentCapturePending,
  PaymentCaptureAbandoned,
  PaymentDeclined,
  DeskPaymentRecorded,
} as const;
