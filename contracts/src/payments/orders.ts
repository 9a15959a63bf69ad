import { z } from '../platform/zod-it';
import { STREAM_PREFIX } from '../platform/streams';

export function orderStreamName(orderId: string): string {
  return `${STREAM_PREFIX.order}${orderId}`;
}

const optionalText = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .optional()
  .nullable();

/** POST /api/paypal/orders: what the PayPal button's createOrder sends */
export const CreatePaypalOrderRequest = z.object({
  booking_id: z.string({ error: 'Prenotazione mancante' }).trim().min(1, 'Prenotazione mancante'),
  product: z.union([z.string(), z.number()], { error: 'Scegli un prodotto' }).transform(String).pipe(z.string().trim().min(1, 'Scegli un prodotto')),
  coupon: optionalText,
});
export type CreatePaypalOrderRequest = z.input<typeof CreatePaypalOrderRequest>;

/** GET /api/paypal/quote?booking_id=&product=&coupon=: the charge before paying, as POST /api/paypal/orders will make it */
export const ChargeQuoteQuery = CreatePaypalOrderRequest;
export const ChargeQuote = z.object({
  lines: z.array(z.object({ kind: z.enum(['visit', 'coupon', 'stamp_duty']), amountCents: z.number().int() })),
  /** the "Totale": what PayPal is asked for and captures */
  totalCents: z.number().int(),
  /** the stamp duty due on the receipt (2,00 € above 77,47 €), whoever bears it */
  stampDutyCents: z.number().int(),
  /** true: the duty is one of the lines (charged to the patient); false with a duty: the practitioner bears it */
  stampDutyCharged: z.boolean(),
});
export type ChargeQuote = z.infer<typeof ChargeQuote>;

/** GET /api/paypal/config: what the browser needs to load the PayPal JS SDK */
export const PaypalConfigResponse = z.object({
  clientId: z.string(),
  /** the SDK script without its query (client id and currency are added by the loader) */
  sdkUrl: z.string(),
  currency: z.literal('EUR'),
  /** true: the local stand-in of PayPal (demo and tests), nothing is really charged */
  simulated: z.boolean(),
});
export type PaypalConfigResponse = z.infer<typeof PaypalConfigResponse>;

export const CreatePaypalOrderResponse = z.object({ id: z.string() });
export type CreatePaypalOrderResponse = z.infer<typeof CreatePaypalOrderResponse>;

/**
 * POST /prenotazioni/conferma (form-encoded or JSON). `status` and `amount` are accepted but never
 * trusted: the server asks PayPal.
 */
export const ConfirmPaymentRequest = z.object({
  transaction: z.string({ error: 'Transazione mancante' }).trim().min(1, 'Transazione mancante').max(64, 'Transazione non valida'),
  product: z.union([z.string(), z.number()], { error: 'Scegli un prodotto' }).transform(String).pipe(z.string().trim().min(1, 'Scegli un prodotto')),
  taxcode: optionalText,
  billing: optionalText,
  coupon: optionalText,
  /** the STS opposition checkbox: JSON true or a form's 'on'/'true'/'1' */
  opposizione_sts: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1'),
  status: z.unknown().optional(),
  amount: z.unknown().optional(),
});
export type ConfirmPaymentRequest = z.input<typeof ConfirmPaymentRequest>;

/** paymentInReview: PayPal holds the capture for review ("pagamento in verifica"); the booking stays reserved */
export const ConfirmPaymentResponse = z.object({ redirect: z.literal('/home'), paymentInReview: z.literal(true).optional() });
export type ConfirmPaymentResponse = z.infer<typeof ConfirmPaymentResponse>;

/** GET /api/me/orders */
export const OrderView = z.object({
  id: z.string(),
  productName: z.string(),
  amountCents: z.number(),
  coupon: z.string().nullable(),
  transaction: z.string(),
  createdAt: z.string(),
  bookingId: z.string(),
  /** refunded: given back in full after a cancellation; failed: PayPal declined the capture after its review (nothing taken) */
  status: z.enum(['placed', 'refunded', 'failed']).optional(),
  /** why a failed payment failed (PayPal's capture status and reason) */
  failureReason: z.string().optional(),
  /** the doctor of the order's visit, as the patient's list names them; null once their account is gone */
  doctorName: z.string().nullable().optional(),
  /** the buyer's tax code and billing address as given at payment (the patient's own data, for the receipt) */
  invoice: z.object({ taxcode: z.string(), billing: z.string() }).nullable().optional(),
});
export type OrderView = z.infer<typeof OrderView>;
