import type { Provider } from '@nestjs/common';
import { CONFIG } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { PaypalClient } from '../payments';

export const PAYPAL = Symbol('PAYPAL');

/** null when PAYPAL_* are not configured: the payment endpoints then answer 503 */
export type PaypalPort = Pick<PaypalClient, 'createOrder' | 'captureOrder' | 'getOrder' | 'refundCapture' | 'verifyWebhookSignature'> | null;

export const paypalProvider: Provider = {
  provide: PAYPAL,
  inject: [CONFIG],
  useFactory: (config: Ports['config']): PaypalPort => (config.paypal ? new PaypalClient(config.paypal) : null),
};
