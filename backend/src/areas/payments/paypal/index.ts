export { PaypalClient, PaypalError } from './paypal-client';
export type {
  PaypalConfig,
  CreateOrderInput,
  CreatedOrder,
  CaptureSummary,
  RefundSummary,
  FetchLike,
  PaypalCurrency,
  WebhookTransmission,
} from './paypal-client';
export { centsToValue, valueToCents } from './money';
// The stand-in (./paypal-stand-in) is deliberately not re-exported: tests and demo only.
