import { couponUsableOn } from './coupon';

describe('coupon usable', () => {
  const coupon = { validFrom: '2025-03-01', validTo: '2025-03-31', timesUsed: 0 };

  it('is usable on its first and last day, not the day before or after', () => {
    expect(couponUsableOn(coupon, '2025-03-01')).toBe(true);
    expect(couponUsableOn(coupon, '2025-03-31')).toBe(true);
    expect(couponUsableOn(coupon, '2025-02-28')).toBe(false);
    expect(couponUsableOn(coupon, '2025-04-01')).toBe(false);
  });

  it('stops being usable once its uses reach the limit; without a limit it never does', () => {
    expect(couponUsableOn({ ...coupon, maxUses: 2, timesUsed: 1 }, '2025-03-10')).toBe(true);
    expect(couponUsableOn({ ...coupon, maxUses: 2, timesUsed: 2 }, '2025-03-10')).toBe(false);
    expect(couponUsableOn({ ...coupon, timesUsed: 1000 }, '2025-03-10')).toBe(true);
  });
});
