// catalog's public entry: what other features may use (DESIGN.md "Dependencies between features")
export { couponDecider, couponUsable, productDecider, type CouponEvent, type CouponState, type RedeemCoupon } from './catalog.decider';
export { CatalogService } from './catalog.service';
export { CatalogModule } from './catalog.module';
