// payments' public entry: the PayPal client (and its stand-in for tests and local runs)
export * from './paypal';
