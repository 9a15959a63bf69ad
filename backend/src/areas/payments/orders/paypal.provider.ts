import { Logger, type Provider } from '@nestjs/common';
import { AppError, NotFoundError } from '../../../platform/common/errors';
import { CONFIG } from '../../../platform/kernel/tokens';
import { type Ports } from '../../../platform/kernel/ports';
import { PaypalClient, PaypalError } from '../paypal';

export const PAYPAL = Symbol('PAYPAL');

/** null when PAYPAL_* are not configured: the payment endpoints then answer 503 */
export type PaypalPort = Pick<PaypalClient, 'createOrder' | 'captureOrder' | 'getOrder' | 'refundCapture' | 'verifyWebhookSignature'> | null;

export const paypalProvider: Provider = {
  provide: PAYPAL,
  inject: [CONFIG],
  useFactory: (config: Ports['config']): PaypalPort => (config.paypal ? new PaypalClient(config.paypal) : null),
};

const logger = new Logger('Orders');

/** the PayPal client, or 503 while payments are not configured */
export function paypalOrFail(paypal: PaypalPort): NonNullable<PaypalPort> {
  if (!paypal) throw new AppError(503, 'pagamenti_non_configurati', 'I pagamenti non sono al momento disponibili.');
  return paypal;
}

/** a PayPal failure as the patient reads it (anything else passes through) */
export function paypalFailure(error: unknown): Error {
  if (!(error instanceof PaypalError)) return error as Error;
  logger.warn(`PayPal: ${error.httpStatus} ${error.paypalName} ${error.issue ?? ''} ${error.message}`);
  if (error.issue === 'ORDER_NOT_APPROVED') return new AppError(422, 'pagamento_non_approvato', 'Il pagamento non è stato approvato su PayPal.');
  if (error.httpStatus === 404) return new NotFoundError('Ordine PayPal non trovato.', 'ordine_paypal_non_trovato');
  if (error.httpStatus === 422) return new AppError(422, 'pagamento_rifiutato', 'PayPal ha rifiutato il pagamento.');
  return new AppError(502, 'paypal_non_disponibile', 'PayPal non risponde correttamente: riprova tra qualche istante.');
}
