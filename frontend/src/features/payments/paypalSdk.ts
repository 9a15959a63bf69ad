/**
 * The PayPal JS SDK, loaded once from a configurable URL. main.tsx calls configurePaypalSdk with
 * import.meta.env.VITE_PAYPAL_SDK_URL / VITE_PAYPAL_CLIENT_ID (import.meta stays out of the modules
 * the tests load).
 */

/** the part of window.paypal the payment page uses (the same callbacks as @paypal/react-paypal-js) */
export type PaypalApproveData = { orderID: string };
export type PaypalButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: PaypalApproveData) => Promise<void>;
  onCancel?: (data?: unknown) => void;
  onError?: (error: unknown) => void;
  style?: Record<string, unknown>;
};
export type PaypalButtonsInstance = { render(container: HTMLElement): Promise<void>; close?: () => Promise<void> };
export type PaypalNamespace = { Buttons(options: PaypalButtonsOptions): PaypalButtonsInstance };

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

export function defaultPaypalSdkUrl(clientId: string): string {
  return `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=EUR&intent=capture`;
}

let sdkUrl = defaultPaypalSdkUrl('sb');
let loading: Promise<PaypalNamespace> | null = null;

export function configurePaypalSdk(env: { url?: string; clientId?: string }): void {
  sdkUrl = env.url || defaultPaypalSdkUrl(env.clientId || 'sb');
  loading = null;
}

/** window.paypal, injecting the SDK's script tag the first time */
export function loadPaypalSdk(): Promise<PaypalNamespace> {
  if (window.paypal) return Promise.resolve(window.paypal);
  if (!loading) {
    loading = new Promise<PaypalNamespace>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = sdkUrl;
      script.async = true;
      script.onload = () => (window.paypal ? resolve(window.paypal) : reject(new Error('PayPal SDK missing')));
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error('PayPal SDK not loaded'));
      };
      document.head.appendChild(script);
    });
  }
  return loading;
}
