import { z } from './zod-it';
import { STREAM_PREFIX } from './streams';
import { isoDay } from './booking';

// ---- events (registered in EventSchemas) ---------------------------------------------------

const productFields = {
  productId: z.string(),
  name: z.string(),
  description: z.string(),
  /** euro cents */
  priceCents: z.number().int().positive(),
  active: z.boolean(),
};
/** on `product-<id>` */
export const ProductCreated = z.object(productFields);
/** on `product-<id>`: the whole product as it is now */
export const ProductUpdated = z.object(productFields);

const couponFields = {
  /** upper-cased */
  code: z.string(),
  percentage: z.number().int().min(1).max(100),
  /** practice dates, both included */
  validFrom: z.string(),
  validTo: z.string(),
  /** absent: no limit */
  maxUses: z.number().int().min(1).optional(),
};
/** on `coupon-<CODE>` */
export const CouponCreated = z.object(couponFields);
/** on `coupon-<CODE>`: the whole coupon as it is now */
export const CouponUpdated = z.object(couponFields);
/** on `coupon-<CODE>`: one use, by a confirmed order; the stream revision makes the limit hold */
export const CouponRedeemed = z.object({ code: z.string(), orderId: z.string() });

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
  name: z.string({ error: 'Nome mancante' }).trim().min(1, 'Nome mancante').max(120, 'Nome troppo lungo (al massimo 120 caratteri)'),
  description: z.string({ error: 'Descrizione non valida' }).trim().max(2000, 'Descrizione troppo lunga (al massimo 2000 caratteri)').default(''),
  priceCents: z
    .number({ error: 'Prezzo mancante: indicalo in centesimi di euro' })
    .int('Il prezzo va indicato in centesimi di euro (numero intero)')
    .positive('Il prezzo deve essere maggiore di zero')
    .max(100_000_000, 'Prezzo troppo alto'),
  active: z.boolean({ error: 'Indica se il prodotto è attivo' }).default(true),
});
export type ProductRequest = z.infer<typeof ProductRequest>;

/** admin view */
export const ProductView = z.object({ id: z.string(), name: z.string(), description: z.string(), priceCents: z.number(), active: z.boolean() });
export type ProductView = z.infer<typeof ProductView>;

/** GET /api/products: what a patient can buy */
export const PublicProduct = z.object({ id: z.string(), name: z.string(), description: z.string(), priceCents: z.number() });
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
