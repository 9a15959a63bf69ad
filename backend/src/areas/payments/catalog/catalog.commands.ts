import { StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import { couponDecider, productDecider, type CouponCommand, type CouponEvent, type ProductCommand, type ProductEvent } from './catalog.decider';

// the catalog's commands on the CommandBus, each with its handler (products: productDecider; coupons: couponDecider)

/** a redemption that keeps losing the race is re-decided this many times at most */
const REDEEM_TRIES = 50;

export class CreateProduct extends StreamCommand<Extract<ProductCommand, { type: 'CreateProduct' }>, ProductEvent> {}

export class UpdateProduct extends StreamCommand<Extract<ProductCommand, { type: 'UpdateProduct' }>, ProductEvent> {}

export class CreateCoupon extends StreamCommand<Extract<CouponCommand, { type: 'CreateCoupon' }>, CouponEvent> {}

export class UpdateCoupon extends StreamCommand<Extract<CouponCommand, { type: 'UpdateCoupon' }>, CouponEvent> {}

/** a coupon's use by an order: the hot coupon stream is decided again on a lost append */
export class RedeemCoupon extends StreamCommand<Extract<CouponCommand, { type: 'RedeemCoupon' }>, CouponEvent> {}

export const catalogCommandHandlers = [
  ...handlersOf(productDecider, [CreateProduct, UpdateProduct]),
  ...handlersOf(couponDecider, [CreateCoupon, UpdateCoupon]),
  ...handlersOf(couponDecider, [RedeemCoupon], { onStale: 'decide-again', tries: REDEEM_TRIES }),
];
