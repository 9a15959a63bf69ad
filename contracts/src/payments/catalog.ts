import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';
import { isoDay } from '../scheduling/booking';

export function productStreamName(productId: string): string {
  return `${STREAM_PREFIX.product}${productId}`;
}

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export function couponStreamName(code: string): string {
  return `${STREAM_PREFIX.coupon}${normalizeCouponCode(code)}`;
}

// ---- HTTP ------------------------------------------------------------------------------------

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** POST /api/admin/products, PUT /api/admin/products/:id */
export const ProductRequest = z.object({
  name: storedText({ label: 'Nome', kind: 'name', max: 120, tooLong: 'Nome troppo lungo (al massimo 120 caratteri)', missing: 'Nome mancante' }),
  description: storedText({
    label: 'Descrizione',
    kind: 'lines',
    max: 2000,
    tooLong: 'Descrizione troppo lunga (al massimo 2000 caratteri)',
    notText: 'Descrizione non valida',
  }).default(''),
  priceCents: z
    .number({ error: 'Prezzo mancante: indicalo in centesimi di euro' })
    .int('Il prezzo va indicato in centesimi di euro (numero intero)')
    .positive('Il prezzo deve essere maggiore di zero')
    .max(100_000_000, 'Prezzo troppo alto'),
  active: z.boolean({ error: 'Indica se il prodotto è attivo' }).default(true),
  /** a check-up: paid only for a booking with a doctor the patient has already had a visit with */
  followUpOnly: z.boolean({ error: 'Indica se il prodotto è solo per le visite di controllo' }).default(false),
});
export type ProductRequest = z.infer<typeof ProductRequest>;

/** admin view */
export const ProductView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number(),
  active: z.boolean(),
  followUpOnly: z.boolean(),
});
export type ProductView = z.infer<typeof ProductView>;

/** GET /api/products: what a patient can buy */
export const PublicProduct = z.object({ id: z.string(), name: z.string(), description: z.string(), priceCents: z.number(), followUpOnly: z.boolean() });
export type PublicProduct = z.infer<typeof PublicProduct>;

const couponTerms = {
  percentage: z
    .number({ error: 'Percentuale di sconto mancante' })
    .int('La percentuale deve essere un numero intero')
    .min(1, 'La percentuale deve essere tra 1 e 100')
    .max(100, 'La percentuale deve essere tra 1 e 100'),
  validFrom: isoDay,
  validTo: isoDay,
  maxUses: z
    .number({ error: 'Limite di utilizzi non valido' })
    .int('Il limite di utilizzi deve essere un numero intero')
    .min(1, 'Il limite di utilizzi deve essere almeno 1')
    .nullish(),
};
const validRange = (c: { validFrom: string; validTo: string }) => c.validTo >= c.validFrom;
const RANGE_MESSAGE = { message: 'La data di fine validità non può precedere quella di inizio', path: ['validTo'] };

/** POST /api/admin/coupons */
export const CouponRequest = z
  .object({
    code: z
      .string({ error: 'Codice mancante' })
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(COUPON_CODE_PATTERN, 'Codice non valido: da 3 a 32 lettere, cifre, trattini o trattini bassi')),
    ...couponTerms,
  })
  .refine(validRange, RANGE_MESSAGE);
export type CouponRequest = z.infer<typeof CouponRequest>;

/** PUT /api/admin/coupons/:code: the code stays */
export const CouponUpdateRequest = z.object(couponTerms).refine(validRange, RANGE_MESSAGE);
export type CouponUpdateRequest = z.infer<typeof CouponUpdateRequest>;

export const CouponView = z.object({
  code: z.string(),
  percentage: z.number(),
  validFrom: z.string(),
  validTo: z.string(),
  maxUses: z.number().nullable(),
  uses: z.number(),
});
export type CouponView = z.infer<typeof CouponView>;

/** GET /pagamenti/coupon?coupon= */
export const CouponCheckQuery = z.object({ coupon: z.string().optional() });
export type CouponCheckResponse = { status: 'ok'; percentage: number } | { status: 'ko' };
