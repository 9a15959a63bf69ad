/** what decides whether a coupon can be used: its validity days (practice dates, inclusive) and its uses */
export interface CouponUse {
  validFrom: string;
  validTo: string;
  maxUses?: number;
  timesUsed: number;
}

/** a coupon is usable from validFrom to validTo (YYYY-MM-DD, inclusive) while under its use limit */
export function couponUsableOn(coupon: CouponUse, today: string): boolean {
  if (today < coupon.validFrom || today > coupon.validTo) return false;
  return coupon.maxUses === undefined || coupon.timesUsed < coupon.maxUses;
}
