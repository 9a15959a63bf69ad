import { usePageTitle } from '../../../lib/pageTitle';
import { tellHost } from '../../../lib/widgetHost';
import { useNow } from '../../../lib/useNow';
import {
  STS_OPPOSITION_WORDING,
  discountedCents,
  isValidCodiceFiscale,
  normalizeCouponCode,
  type BookingView,
  type ConfirmPaymentRequest,
  type PublicProduct,
} from '@studio/contracts';
import { useEffect, useReducer, type FormEvent } from 'react';
import { Alert, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { Loading } from '../../../components/ui/Loading';
import { formatEuro } from '../../../lib/money';
import { PATHS } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import './payments.css';
import { PaypalButtons, type PaypalApproveData } from './PaypalButtons';
import { PaymentSummary } from './PaymentSummary';
import {
  useCheckCouponMutation,
  useConfirmPaymentMutation,
  useCreatePaypalOrderMutation,
  useGetChargeQuoteQuery,
  useGetPaymentBookingQuery,
  useGetProductsQuery,
} from './paymentsApi';
import { ChargeSummary } from './ChargeSummary';
import { initialPaymentForm, paymentFormReducer } from './paymentForm';
import { QuerySection } from '../../../components/ui/QuerySection';

const t = it.payments;

/**
 * /pagamento?booking=<id>: the step after the questionnaire. One product (radio cards), an optional
 * coupon, tax code and billing address, then PayPal. While a PayPal order is open the panel is inert;
 * cancel or error re-enable it. An approved payment is confirmed to the server, then /home (with its confirmation).
 * A booking of a visit type is priced by it: its product is chosen already and the only one offered.
 */
export function PaymentPage() {
  usePageTitle(it.titles.payment);
  const [params] = useSearchParams();
  const bookingId = params.get('booking')?.trim() ?? '';
  const navigate = useNavigate();

  const products = useGetProductsQuery();
  const [checkCoupon, couponCheck] = useCheckCouponMutation();
  const [createOrder] = useCreatePaypalOrderMutation();
  const [confirmPayment, confirmation] = useConfirmPaymentMutation();
  const [form, dispatch] = useReducer(paymentFormReducer, initialPaymentForm);
  const { productId, pinnedProduct, couponInput, coupon, couponAlert, taxcode, taxcodeTouched, billing, stsOpposition } = form;
  const { areaAlert, orderOpen, orderError, confirmError, approved } = form;
  const booking = useGetPaymentBookingQuery(bookingId, { skip: !bookingId, refetchOnMountOrArgChange: true });
  // the tax code given at registration, once: the patient may still change it
  const registeredTaxcode = booking.data?.taxcode;
  useEffect(() => {
    if (registeredTaxcode) dispatch({ type: 'taxcodeRegistered', taxcode: registeredTaxcode });
  }, [registeredTaxcode]);
  // a booking of a visit type is priced by it: its product is chosen already and is the only one offered
  const visit = booking.data?.visit;
  const visitProductId = visit?.productId ?? null;
  useEffect(() => {
    if (visitProductId) dispatch({ type: 'productPinned', productId: visitProductId });
  }, [visitProductId]);
  // the hold being paid: as soon as it is over (not only when PayPal is clicked) the page says so
  const held = booking.data;
  const holdEnd = held?.status === 'held' && held.expiresAt ? Date.parse(held.expiresAt) : NaN;
  const now = useNow(1000, !Number.isNaN(holdEnd));
  const holdOver =
    held !== undefined && approved === null && (held.status === 'expired' || held.status === 'released' || (!Number.isNaN(holdEnd) && holdEnd <= now));
  // the server's lines and "Totale" for this product and coupon: what PayPal will be asked for
  const quote = useGetChargeQuoteQuery(
    { booking_id: bookingId, product: productId ?? '', coupon: coupon?.code ?? null },
    { skip: !productId || !bookingId || holdOver },
  );

  if (!bookingId) {
    return (
      <Alert variant="warning" role="status">
        <p>{t.missingBooking}</p>
        <Link to={PATHS.home}>{t.backHome}</Link>
      </Alert>
    );
  }

  const offered = offeredProducts(products.data, visit);
  const product = offered?.find((p) => p.id === productId) ?? null;
  const priceOf = (p: PublicProduct) => discountedCents(p.priceCents, coupon?.percentage);
  const taxcodeValid = isValidCodiceFiscale(taxcode);
  const billingFilled = billing.trim() !== '';
  const ready = product !== null && taxcodeValid && billingFilled;
  const inert = orderOpen || approved !== null || holdOver;

  const onCheckCoupon = async (event?: FormEvent) => {
    event?.preventDefault();
    const code = couponInput.trim();
    if (!code || couponCheck.isLoading) return;
    dispatch({ type: 'couponCheckStarted' });
    try {
      const answer = await checkCoupon(code).unwrap();
      // the code as the practice wrote it (codes are kept in capitals), whatever the case typed
      if (answer.status === 'ok')
        dispatch({ type: 'couponApplied', coupon: { code: normalizeCouponCode(code), percentage: answer.percentage }, text: t.couponOk });
      else dispatch({ type: 'couponRefused', text: t.couponKo });
    } catch (error) {
      dispatch({ type: 'couponRefused', text: errorMessage(error, t.couponKo) });
    }
  };

  const onAreaClick = () => {
    if (ready) return;
    if (!taxcode.trim() || !billingFilled) dispatch({ type: 'areaRefused', text: t.billingRequired });
    else if (!taxcodeValid) dispatch({ type: 'areaRefused', text: t.taxcodeInvalid, taxcodeInvalid: true });
    else dispatch({ type: 'areaRefused', text: t.chooseProduct });
  };

  const onCreateOrder = async (): Promise<string> => {
    dispatch({ type: 'orderStarting' });
    try {
      const { id } = await createOrder({ booking_id: bookingId, product: productId ?? '', coupon: coupon?.code ?? null }).unwrap();
      dispatch({ type: 'orderOpened' });
      return id;
    } catch (error) {
      dispatch({ type: 'orderFailed', text: errorMessage(error, t.orderFailed) });
      throw error;
    }
  };

  const reenable = () => dispatch({ type: 'orderClosed' });

  const confirm = async (payload: ConfirmPaymentRequest) => {
    dispatch({ type: 'confirmStarting' });
    try {
      const result = await confirmPayment(payload).unwrap();
      if (result.paymentInReview) {
        void navigate(PATHS.home, { replace: true, state: { notice: t.paymentInReview } });
        return;
      }
    } catch (error) {
      dispatch({ type: 'confirmFailed', text: errorMessage(error, t.confirmFailed) });
      return;
    }
    // a confirmed payment goes to /home, which opens on the booking's confirmation (and the widget's host is told)
    tellHost('confirmed');
    void navigate(PATHS.home, { replace: true, state: { confirmedBooking: bookingId } });
  };

  const onApprove = async (data: PaypalApproveData) => {
    const cents = quote.data?.totalCents ?? (product ? priceOf(product) : 0);
    const payload: ConfirmPaymentRequest = {
      transaction: data.orderID,
      status: 'COMPLETED',
      amount: (cents / 100).toFixed(2),
      product: productId ?? '',
      taxcode: taxcode.trim().toUpperCase(),
      billing: billing.trim(),
      coupon: coupon?.code ?? '',
      opposizione_sts: stsOpposition,
    };
    // paid: the panel stays inert, only the confirmation can be retried
    dispatch({ type: 'approved', payload });
    await confirm(payload);
  };

  return (
    <div className="app-payment">
      <h1 className="h3">{t.title}</h1>
      <p className="text-body-secondary">{t.intro}</p>
      {holdOver && (
        <Alert variant="warning" role="alert" data-testid="hold-over">
          <p className="mb-2">{it.hold.expired}</p>
          <Link to={PATHS.booking} className="alert-link">
            {it.hold.chooseAgain}
          </Link>
        </Alert>
      )}
      {booking.data && <PaymentSummary booking={booking.data} productName={product?.name ?? null} />}

      {confirmation.isLoading && <Loading label={t.confirming} />}
      {confirmError && (
        <Alert variant="danger" role="alert" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{confirmError}</span>
          {approved && (
            <Button variant="outline-danger" size="sm" disabled={confirmation.isLoading} onClick={() => void confirm(approved)}>
              {t.retryConfirm}
            </Button>
          )}
        </Alert>
      )}
      {orderError && (
        <Alert variant="danger" role="alert" dismissible onClose={() => dispatch({ type: 'orderErrorDismissed' })} closeLabel={it.app.dismiss}>
          {orderError}
        </Alert>
      )}
      {orderOpen && (
        <Alert variant="info" role="status">
          {t.inProgress}
        </Alert>
      )}

      <div id="payment-panel" className="app-payment-panel" inert={inert} aria-busy={inert || undefined}>
        <fieldset className="mb-4">
          <legend className="h5">{t.products}</legend>
          <QuerySection query={products} loadingLabel={t.loadingProducts} errorText={t.productsError} />
          {pinnedProduct && visit && (
            <p className="small text-body-secondary" data-testid="visit-type-price">
              {it.journey.visitTypePrice(visit.name, visit.minutes)}
            </p>
          )}
          {offered && offered.length === 0 && <p>{t.noProducts}</p>}
          {offered && offered.length > 0 && (
            <div className="row g-3" role="radiogroup" aria-label={t.products}>
              {offered.map((p) => {
                const selected = p.id === productId;
                const price = priceOf(p);
                return (
                  <div className="col-12 col-md-6 col-lg-4" key={p.id}>
                    <Card
                      as="label"
                      data-id={p.id}
                      data-price={p.priceCents}
                      data-selected={selected}
                      className={`h-100 app-product-card ${selected ? 'border-success bg-success-subtle border-2' : ''}`}
                    >
                      <Card.Body>
                        <input
                          type="radio"
                          name="product"
                          value={p.id}
                          className="visually-hidden"
                          checked={selected}
                          onChange={() => dispatch({ type: 'productChosen', productId: p.id })}
                          aria-describedby={`product-${p.id}-desc`}
                        />
                        <Card.Title as="span" className="d-block h6">
                          {p.name}
                        </Card.Title>
                        <Card.Text id={`product-${p.id}-desc`} className="small mb-2">
                          {p.description}
                          {p.followUpOnly && <span className="d-block text-body-secondary">{t.followUpOnly}</span>}
                        </Card.Text>
                        <p className="mb-0">
                          <span className="fw-bold app-product-price">{formatEuro(price)}</span>
                          {price !== p.priceCents && (
                            <s className="ms-2 text-body-secondary small" aria-label={t.originalPrice(formatEuro(p.priceCents))}>
                              {formatEuro(p.priceCents)}
                            </s>
                          )}
                        </p>
                      </Card.Body>
                    </Card>
                  </div>
                );
              })}
            </div>
          )}
        </fieldset>

        <Form className="mb-3" onSubmit={(e) => void onCheckCoupon(e)} noValidate>
          <Form.Label htmlFor="coupon">{t.coupon}</Form.Label>
          <InputGroup>
            <Form.Control
              id="coupon"
              name="coupon"
              value={couponInput}
              placeholder={t.couponPlaceholder}
              disabled={coupon !== null}
              onChange={(e) => dispatch({ type: 'couponTyped', text: e.target.value })}
              autoComplete="off"
            />
            {coupon === null && (
              <Button type="submit" variant="outline-primary" disabled={couponCheck.isLoading || couponInput.trim() === ''}>
                {couponCheck.isLoading ? t.checkingCoupon : t.checkCoupon}
              </Button>
            )}
          </InputGroup>
          {couponAlert && (
            <Alert variant={couponAlert.variant} role={couponAlert.variant === 'danger' ? 'alert' : 'status'} className="mt-2 mb-0">
              {couponAlert.text}
              {coupon && couponAlert.variant === 'success' && <span className="ms-1">{t.couponDiscount(coupon.percentage)}</span>}
            </Alert>
          )}
        </Form>

        <div className="row g-3 mb-3">
          <Form.Group className="col-12 col-md-5" controlId="taxcode">
            <Form.Label>{t.taxcode}</Form.Label>
            <Form.Control
              name="taxcode"
              value={taxcode}
              maxLength={16}
              autoComplete="off"
              className="text-uppercase"
              isInvalid={taxcodeTouched && taxcode.trim() !== '' && !taxcodeValid}
              onBlur={() => dispatch({ type: 'taxcodeBlurred' })}
              onChange={(e) => dispatch({ type: 'taxcodeTyped', text: e.target.value })}
              required
            />
            <Form.Control.Feedback type="invalid">{t.taxcodeInvalid}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-12 col-md-7" controlId="billing">
            <Form.Label>{t.billing}</Form.Label>
            <Form.Control
              name="billing"
              value={billing}
              autoComplete="street-address"
              onChange={(e) => dispatch({ type: 'billingTyped', text: e.target.value })}
              required
            />
          </Form.Group>
          <Form.Group className="col-12" controlId="opposizione_sts">
            <Form.Check
              type="checkbox"
              name="opposizione_sts"
              checked={stsOpposition}
              onChange={(e) => dispatch({ type: 'stsOppositionSet', value: e.target.checked })}
              label={STS_OPPOSITION_WORDING}
            />
            <Form.Text>{t.stsOppositionHelp}</Form.Text>
          </Form.Group>
        </div>

        {product && <ChargeSummary productName={product.name} coupon={coupon?.code ?? null} quote={quote.data} loading={quote.isFetching} />}

        <section aria-label={t.payArea} className="app-payment-area" data-testid="payment-area" onClick={onAreaClick}>
          {areaAlert && (
            <Alert variant="danger" role="alert">
              {areaAlert}
            </Alert>
          )}
          {!ready && <p className="small text-body-secondary">{t.payDisabledHint}</p>}
          <div id="paypal-button-container" aria-disabled={!ready} className={ready ? '' : 'opacity-50'} style={ready ? undefined : { pointerEvents: 'none' }}>
            <PaypalButtons createOrder={onCreateOrder} onApprove={onApprove} onCancel={reenable} onError={reenable} />
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * The products the patient may pay this booking with: a booking of a visit type only with the visit type's product
 * (as listed by the catalogue, or as recorded when held if the catalogue no longer lists it); otherwise the catalogue.
 */
export function offeredProducts(catalogue: PublicProduct[] | undefined, visit: BookingView['visit']): PublicProduct[] | undefined {
  if (!visit) return catalogue;
  if (!catalogue) return undefined;
  const listed = catalogue.find((p) => p.id === visit.productId);
  return [listed ?? { id: visit.productId, name: visit.name, description: '', priceCents: visit.priceCents, followUpOnly: false }];
}
