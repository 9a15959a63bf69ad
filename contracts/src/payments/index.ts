// payments: catalogue, coupons, orders and what a visit is charged (its events are in events/, listed by ../event-catalogue.ts)
export * from './catalog';
export * from './orders';
export * from './rules/charge';
export * from './rules/coupon';
export * from './rules/discount';
