import { initialPaymentForm, paymentFormReducer, type PaymentFormAction, type PaymentFormState } from './paymentForm';

const run = (...actions: PaymentFormAction[]): PaymentFormState => actions.reduce(paymentFormReducer, initialPaymentForm);

describe('the payment page’s state', () => {
  it('fills the registered tax code only while the field is empty', () => {
    expect(run({ type: 'taxcodeRegistered', taxcode: 'RSSMRA80A01H501U' }).taxcode).toBe('RSSMRA80A01H501U');
    expect(run({ type: 'taxcodeTyped', text: 'X' }, { type: 'taxcodeRegistered', taxcode: 'RSSMRA80A01H501U' }).taxcode).toBe('X');
  });

  it('clears the pay area’s alert when a field changes or a product is chosen', () => {
    const refused = run({ type: 'areaRefused', text: 'manca' });
    expect(refused.areaAlert).toBe('manca');
    for (const action of [
      { type: 'taxcodeTyped', text: 'A' },
      { type: 'billingTyped', text: 'Via Roma 1' },
      { type: 'productChosen', productId: 'p1' },
    ] as PaymentFormAction[]) {
      expect(paymentFormReducer(refused, action).areaAlert).toBeNull();
    }
  });

  it('marks an invalid tax code as touched when the pay area refuses for it', () => {
    expect(run({ type: 'areaRefused', text: 'codice', taxcodeInvalid: true }).taxcodeTouched).toBe(true);
    expect(run({ type: 'areaRefused', text: 'prodotto' }).taxcodeTouched).toBe(false);
  });

  it('keeps the applied coupon’s code in the field', () => {
    const s = run({ type: 'couponTyped', text: ' SCONTO10 ' }, { type: 'couponApplied', coupon: { code: 'SCONTO10', percentage: 10 }, text: 'ok' });
    expect(s).toMatchObject({ couponInput: 'SCONTO10', coupon: { code: 'SCONTO10', percentage: 10 }, couponAlert: { variant: 'success', text: 'ok' } });
  });

  it('closes the PayPal order once approved, and a new order clears the old errors', () => {
    const payload = {
      transaction: 'T1',
      status: 'COMPLETED',
      amount: '90.00',
      product: 'p1',
      taxcode: 'X',
      billing: 'Y',
      coupon: '',
      opposizione_sts: false,
    } as const;
    const s = run({ type: 'orderOpened' }, { type: 'approved', payload });
    expect(s).toMatchObject({ orderOpen: false, approved: payload });
    const retried = run({ type: 'orderFailed', text: 'no' }, { type: 'confirmFailed', text: 'no' }, { type: 'orderStarting' });
    expect(retried).toMatchObject({ orderError: null, confirmError: null });
  });
});
