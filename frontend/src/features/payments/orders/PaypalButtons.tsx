import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { Alert } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { Loading } from '../../../components/ui/Loading';
import * as it from '../../../i18n/it';
import { useGetPaypalConfigQuery } from './paymentsApi';

const t = it.payments;

export type PaypalApproveData = { orderID: string };

export interface PaypalButtonsProps {
  /** asks our server for the PayPal order (the amount is the server's) and answers its id */
  createOrder: () => Promise<string>;
  onApprove: (data: PaypalApproveData) => Promise<void>;
  onCancel: () => void;
  onError: () => void;
}

/** the SDK's loading state: a spinner while it loads, an Italian alert when it cannot */
function SdkState() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <Loading label={t.sdkLoading} />;
  if (isRejected)
    return (
      <Alert variant="danger" role="alert">
        {t.sdkFailed}
      </Alert>
    );
  return null;
}

/**
 * PayPal's buttons through @paypal/react-paypal-js. Which SDK script and client id come from the
 * server (GET /api/paypal/config): the real https://www.paypal.com/sdk/js in production, the local
 * stand-in in the demo and the browser tests.
 */
export function PaypalButtons({ createOrder, onApprove, onCancel, onError }: PaypalButtonsProps) {
  const config = useGetPaypalConfigQuery();
  if (config.isLoading) return <Loading label={t.sdkLoading} />;
  if (!config.data)
    return (
      <Alert variant="warning" role="alert">
        {errorMessage(config.error, t.paymentsOff)}
      </Alert>
    );
  const { clientId, currency, sdkUrl, simulated } = config.data;
  return (
    <PayPalScriptProvider options={{ clientId, currency, intent: 'capture', components: 'buttons', sdkBaseUrl: sdkUrl }}>
      {simulated && <p className="small text-body-secondary">{t.simulated}</p>}
      <SdkState />
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        createOrder={() => createOrder()}
        onApprove={(data) => onApprove({ orderID: data.orderID })}
        onCancel={() => onCancel()}
        onError={() => onError()}
      />
    </PayPalScriptProvider>
  );
}
