import type { ConfirmPaymentRequest } from '@studio/contracts';

export type AppliedCoupon = { code: string; percentage: number };
export type CouponAlert = { variant: 'success' | 'danger'; text: string };

/** what the payment page remembers between renders: the patient's choices and the PayPal order's progress */
export interface PaymentFormState {
  productId: string | null;
  /** the booking's visit type fixed the product: it is the only one offered */
  pinnedProduct: boolean;
  couponInput: string;
  coupon: AppliedCoupon | null;
  couponAlert: CouponAlert | null;
  taxcode: string;
  taxcodeTouched: boolean;
  billing: string;
  /** the patient opposes sending this expense to the Sistema Tessera Sanitaria (recorded on the receipt) */
  stsOpposition: boolean;
  /** why the PayPal area cannot be used yet, after a click on it */
  areaAlert: string | null;
  orderOpen: boolean;
  orderError: string | null;
  confirmError: string | null;
  /** PayPal approved this payment: the panel stays inert, only the confirmation can be retried */
  approved: ConfirmPaymentRequest | null;
}

export const initialPaymentForm: PaymentFormState = {
  productId: null,
  pinnedProduct: false,
  couponInput: '',
  coupon: null,
  couponAlert: null,
  taxcode: '',
  taxcodeTouched: false,
  billing: '',
  stsOpposition: false,
  areaAlert: null,
  orderOpen: false,
  orderError: null,
  confirmError: null,
  approved: null,
};

export type PaymentFormAction =
  | { type: 'productChosen'; productId: string }
  | { type: 'productPinned'; productId: string }
  | { type: 'couponTyped'; text: string }
  | { type: 'couponCheckStarted' }
  | { type: 'couponApplied'; coupon: AppliedCoupon; text: string }
  | { type: 'couponRefused'; text: string }
  | { type: 'taxcodeRegistered'; taxcode: string }
  | { type: 'taxcodeTyped'; text: string }
  | { type: 'taxcodeBlurred' }
  | { type: 'billingTyped'; text: string }
  | { type: 'stsOppositionSet'; value: boolean }
  | { type: 'areaRefused'; text: string; taxcodeInvalid?: boolean }
  | { type: 'orderStarting' }
  | { type: 'orderOpened' }
  | { type: 'orderFailed'; text: string }
  | { type: 'orderErrorDismissed' }
  | { type: 'orderClosed' }
  | { type: 'confirmStarting' }
  | { type: 'confirmFailed'; text: string }
  | { type: 'approved'; payload: ConfirmPaymentRequest };

/** every change of the payment page's state; typing in a field or choosing a product clears the area's alert */
export function paymentFormReducer(state: PaymentFormState, action: PaymentFormAction): PaymentFormState {
  switch (action.type) {
    case 'productChosen':
      return { ...state, productId: action.productId, areaAlert: null };
    case 'productPinned':
      return { ...state, productId: action.productId, pinnedProduct: true };
    case 'couponTyped':
      return { ...state, couponInput: action.text };
    case 'couponCheckStarted':
      return { ...state, couponAlert: null };
    case 'couponApplied':
      return { ...state, coupon: action.coupon, couponInput: action.coupon.code, couponAlert: { variant: 'success', text: action.text } };
    case 'couponRefused':
      return { ...state, couponAlert: { variant: 'danger', text: action.text } };
    case 'taxcodeRegistered':
      // the tax code given at registration fills the field only while the patient has typed nothing
      return state.taxcode ? state : { ...state, taxcode: action.taxcode };
    case 'taxcodeTyped':
      return { ...state, taxcode: action.text, areaAlert: null };
    case 'taxcodeBlurred':
      return { ...state, taxcodeTouched: true };
    case 'billingTyped':
      return { ...state, billing: action.text, areaAlert: null };
    case 'stsOppositionSet':
      return { ...state, stsOpposition: action.value };
    case 'areaRefused':
      return { ...state, areaAlert: action.text, taxcodeTouched: state.taxcodeTouched || action.taxcodeInvalid === true };
    case 'orderStarting':
      return { ...state, orderError: null, confirmError: null };
    case 'orderOpened':
      return { ...state, orderOpen: true };
    case 'orderFailed':
      return { ...state, orderError: action.text };
    case 'orderErrorDismissed':
      return { ...state, orderError: null };
    case 'orderClosed':
      return { ...state, orderOpen: false };
    case 'confirmStarting':
      return { ...state, confirmError: null };
    case 'confirmFailed':
      return { ...state, confirmError: action.text };
    case 'approved':
      return { ...state, approved: action.payload, orderOpen: false };
  }
}
