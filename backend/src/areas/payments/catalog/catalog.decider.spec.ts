import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { couponDecider, couponUsable, productDecider, type CouponEvent, type ProductEvent } from './catalog.decider';

describe('product decider', () => {
  const given = deciderSpec(productDecider);
  const product = { name: 'Visita di controllo', description: 'Controllo', priceCents: 5000, active: true, followUpOnly: false };
  const created: ProductEvent = { type: 'ProductCreated', data: { productId: 'p1', ...product } };

  it('creates a product once, trimming its texts', () => {
    given([])
      .when({ type: 'CreateProduct', productId: 'p1', product: { ...product, name: '  Visita di controllo ' } })
      .then([created]);
    given([created]).when({ type: 'CreateProduct', productId: 'p1', product }).thenThrows('prodotto_esistente');
  });
  it('refuses a price that is not a positive whole number of cents, or an empty name', () => {
    given([])
      .when({ type: 'CreateProduct', productId: 'p1', product: { ...product, priceCents: 0 } })
      .thenThrows(ValidationError);
    given([])
      .when({ type: 'CreateProduct', productId: 'p1', product: { ...product, priceCents: 49.5 } })
      .thenThrows(ValidationError);
    given([])
      .when({ type: 'CreateProduct', productId: 'p1', product: { ...product, name: '  ' } })
      .thenThrows(ValidationError);
  });
  it('updates an existing product; an unchanged one appends nothing', () => {
    const changed = { ...product, priceCents: 5500, active: false };
    given([created])
      .when({ type: 'UpdateProduct', productId: 'p1', product: changed })
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', ...changed } }]);
    given([created]).when({ type: 'UpdateProduct', productId: 'p1', product }).then([]);
    given([]).when({ type: 'UpdateProduct', productId: 'p1', product }).thenThrows(NotFoundError);
  });
  it('marks a check-up product; a product saved before the mark is not one', () => {
    const before: ProductEvent = {
      type: 'ProductCreated',
      data: { productId: 'p1', name: 'Visita di controllo', description: 'Controllo', priceCents: 5000, active: true },
    };
    given([before]).when({ type: 'UpdateProduct', productId: 'p1', product }).then([]);
    given([before])
      .when({ type: 'UpdateProduct', productId: 'p1', product: { ...product, followUpOnly: true } })
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', ...product, followUpOnly: true } }]);
  });
});

describe('coupon decider', () => {
  const given = deciderSpec(couponDecider);
  const terms = { percentage: 10, validFrom: '2030-03-01', validTo: '2030-03-31', maxUses: 2 };
  const created: CouponEvent = { type: 'CouponCreated', data: { code: 'BENVENUTO10', ...terms } };
  const redeemed = (orderId: string): CouponEvent => ({ type: 'CouponRedeemed', data: { code: 'BENVENUTO10', orderId } });
  const redeem = (orderId: string, today = '2030-03-10') => ({ type: 'RedeemCoupon' as const, code: 'benvenuto10', orderId, today });

  it('creates a coupon once, upper-casing the code', () => {
    given([]).when({ type: 'CreateCoupon', code: ' benvenuto10 ', terms }).then([created]);
    given([created]).when({ type: 'CreateCoupon', code: 'BENVENUTO10', terms }).thenThrows('coupon_esistente');
  });
  it('refuses bad terms', () => {
    given([])
      .when({ type: 'CreateCoupon', code: 'X10', terms: { ...terms, percentage: 0 } })
      .thenThrows(ValidationError);
    given([])
      .when({ type: 'CreateCoupon', code: 'X10', terms: { ...terms, percentage: 101 } })
      .thenThrows(ValidationError);
    given([])
      .when({ type: 'CreateCoupon', code: 'X10', terms: { ...terms, validTo: '2030-02-28' } })
      .thenThrows(ValidationError);
    given([])
      .when({ type: 'CreateCoupon', code: 'X10', terms: { ...terms, maxUses: 0 } })
      .thenThrows(ValidationError);
  });
  it('updates an existing coupon, never below the uses already made', () => {
    const { maxUses: _, ...unlimited } = terms;
    given([created])
      .when({ type: 'UpdateCoupon', code: 'BENVENUTO10', terms: unlimited })
      .then([{ type: 'CouponUpdated', data: { code: 'BENVENUTO10', ...unlimited } }]);
    given([created]).when({ type: 'UpdateCoupon', code: 'BENVENUTO10', terms }).then([]);
    given([]).when({ type: 'UpdateCoupon', code: 'BENVENUTO10', terms }).thenThrows(NotFoundError);
    given([created, redeemed('o1'), redeemed('o2')])
      .when({ type: 'UpdateCoupon', code: 'BENVENUTO10', terms: { ...terms, maxUses: 1 } })
      .thenThrows('coupon_limite_non_valido');
  });
  it('redeems within validity (both ends included) and under the limit', () => {
    given([created])
      .when(redeem('o1', '2030-03-01'))
      .then([redeemed('o1')]);
    given([created])
      .when(redeem('o1', '2030-03-31'))
      .then([redeemed('o1')]);
    given([created, redeemed('o1')])
      .when(redeem('o2'))
      .then([redeemed('o2')]);
  });
  it('refuses outside validity, at the limit, or an unknown coupon', () => {
    given([created]).when(redeem('o1', '2030-02-28')).thenThrows('coupon_scaduto');
    given([created]).when(redeem('o1', '2030-04-01')).thenThrows('coupon_scaduto');
    given([created, redeemed('o1'), redeemed('o2')])
      .when(redeem('o3'))
      .thenThrows(ConflictError);
    given([created, redeemed('o1'), redeemed('o2')])
      .when(redeem('o3'))
      .thenThrows('coupon_esaurito');
    given([]).when(redeem('o1')).thenThrows(NotFoundError);
  });
  it('treats the same order redeeming again as done', () => {
    given([created, redeemed('o1'), redeemed('o2')])
      .when(redeem('o1'))
      .then([]);
  });
  it('tells whether a coupon is usable on a day', () => {
    const state = [created, redeemed('o1')].reduce(couponDecider.evolve, couponDecider.initialState());
    expect(couponUsable(state, '2030-03-10')).toBe(true);
    expect(couponUsable(state, '2030-04-01')).toBe(false);
    expect(couponUsable(couponDecider.evolve(state, redeemed('o2')), '2030-03-10')).toBe(false);
    expect(couponUsable(couponDecider.initialState(), '2030-03-10')).toBe(false);
  });
});
