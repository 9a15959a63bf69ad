// Rules of the domain written once, pure, each with its test beside it; both sides import them.
export * from './availability-range';
export * from './slot-appearance';
export * from './portions';
export * from './enabler';
export * from './coupon';
export * from './password-policy';
export * from './charge';
export * from './anthropometry';
export * from './energy';
export * from './larn-targets';
export * from './discount';
export * from './codice-fiscale';
export * from './diet-summary';
export * from './partita-iva';
export * from './stamp-duty';
