// catalog's public entry: what other features may use (docs/architettura.md, "Dipendenze tra funzioni")
export { couponDecider, couponUsable, productDecider, type CouponEvent, type CouponState, type RedeemCouponCommand } from './catalog.decider';
export { CreateCoupon, CreateProduct } from './catalog.commands';
export { CatalogService } from './catalog.service';
export { CatalogModule } from './catalog.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { couponsReadModel, productsReadModel } from './read-models';
export { type ProductDoc } from './catalog.projection';
