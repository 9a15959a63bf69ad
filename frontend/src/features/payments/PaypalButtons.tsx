import { useEffect, useRef, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { it } from '../../i18n/it';
import { loadPaypalSdk, type PaypalButtonsOptions } from './paypalSdk';

export type PaypalButtonsProps = Omit<PaypalButtonsOptions, 'style'>;

/**
 * Adapter around window.paypal.Buttons(...).render(container). It takes the same callbacks as
 * @paypal/react-paypal-js's <PayPalButtons> (createOrder, onApprove, onCancel, onError): when that
 * library can be installed, swapping it in is a change to this one file
 * (PayPalScriptProvider + PayPalButtons instead of loadPaypalSdk + Buttons().render()).
 * The buttons are rendered once; the latest callbacks are always the ones called.
 */
export function PaypalButtons(props: PaypalButtonsProps) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let close: (() => Promise<void>) | undefined;
    loadPaypalSdk()
      .then((paypal) => {
        if (cancelled || !container.current) return;
        const buttons = paypal.Buttons({
          style: { layout: 'vertical', label: 'pay' },
          createOrder: () => callbacks.current.createOrder(),
          onApprove: (data) => callbacks.current.onApprove(data),
          onCancel: (data) => callbacks.current.onCancel?.(data),
          onError: (error) => callbacks.current.onError?.(error),
        });
        close = buttons.close?.bind(buttons);
        return buttons.render(container.current);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      void close?.().catch(() => undefined);
    };
  }, []);

  return (
    <>
      {failed && (
        <Alert variant="danger" role="alert">
          {it.payments.sdkFailed}
        </Alert>
      )}
      <div ref={container} className="app-paypal-buttons" data-testid="paypal-buttons" />
    </>
  );
}
