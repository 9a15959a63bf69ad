import { couponsProjection, productsProjection } from './catalog.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

const event = (stream: string, type: string, data: object, at = '2030-03-04T10:00:00.000Z') => recorded(stream, type, data, at);

describe('products projection', () => {
  it('keeps the last saved product, its creation time and an active index', () => {
    const p = { productId: 'p1', name: 'Visita', description: '', priceCents: 5000, active: true };
    const docs = fold(productsProjection, [
      event('product-p1', 'ProductCreated', p),
      // an event saved before the check-up mark reads as no check-up; a later one carries it
      event('product-p1', 'ProductUpdated', { ...p, priceCents: 6000, active: false, followUpOnly: true }, '2030-03-05T10:00:00.000Z'),
    ]);
    const doc = docs.get('p1')!;
    expect(doc).toEqual({
      id: 'p1',
      name: 'Visita',
      description: '',
      priceCents: 6000,
      active: false,
      followUpOnly: true,
      createdAt: '2030-03-04T10:00:00.000Z',
      updatedAt: '2030-03-05T10:00:00.000Z',
    });
    expect(productsProjection.indexes.active.value(doc)).toBe(0);
  });
});

describe('coupons projection', () => {
  const c = { code: 'BENVENUTO10', percentage: 10, validFrom: '2030-01-01', validTo: '2030-12-31', maxUses: 2 };
  it('counts uses across updates', () => {
    const docs = fold(couponsProjection, [
      event('coupon-BENVENUTO10', 'CouponCreated', c),
      event('coupon-BENVENUTO10', 'CouponRedeemed', { code: 'BENVENUTO10', orderId: 'o1' }),
      event('coupon-BENVENUTO10', 'CouponUpdated', { ...c, percentage: 15, maxUses: undefined }),
      event('coupon-BENVENUTO10', 'CouponRedeemed', { code: 'BENVENUTO10', orderId: 'o2' }),
    ]);
    expect(docs.get('BENVENUTO10')).toEqual({
      code: 'BENVENUTO10',
      percentage: 15,
      validFrom: '2030-01-01',
      validTo: '2030-12-31',
      maxUses: null,
      uses: 2,
      createdAt: '2030-03-04T10:00:00.000Z',
      updatedAt: '2030-03-04T10:00:00.000Z',
    });
  });
});
