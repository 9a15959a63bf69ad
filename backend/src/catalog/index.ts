// catalog's public entry: what other features may use (DESIGN.md "Dependencies between features")
export { couponDecider, couponUsable, type CouponEvent, type CouponState, type RedeemCoupon } from './catalog.decider';
export { CatalogService } from './catalog.service';
export { CouponCatalogCommand, ProductCatalogCommand } from './catalog.commands';
export { CatalogModule } from './catalog.module';
