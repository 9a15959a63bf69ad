/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** the PayPal JS SDK script; default https://www.paypal.com/sdk/js?client-id=<VITE_PAYPAL_CLIENT_ID>&currency=EUR&intent=capture */
  readonly VITE_PAYPAL_SDK_URL?: string;
  readonly VITE_PAYPAL_CLIENT_ID?: string;
}
