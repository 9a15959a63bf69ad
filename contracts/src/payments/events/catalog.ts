// Events of `product-<id>` and `coupon-<CODE>`: the catalogue's products and coupons.
import { z } from '../../platform/zod-it';

// ---- events (registered in EventSchemas) ---------------------------------------------------

const productFields = {
  productId: z.string(),
  name: z.string(),
  description: z.string(),
  /** euro cents */
  priceCents: z.number().int().positive(),
  active: z.boolean(),
  /** a check-up, for patients who already had a visit with the doctor (absent on products saved before: false) */
  followUpOnly: z.boolean().optional(),
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
