import type {
  BookingView,
  ChargeQuote,
  ConfirmPaymentRequest,
  ConfirmPaymentResponse,
  CouponCheckResponse,
  CreatePaypalOrderRequest,
  CreatePaypalOrderResponse,
  PaypalConfigResponse,
  PublicProduct,
} from '@studio/contracts';
import { api } from '../../../lib/api';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<PublicProduct[], void>({
      query: () => ({ url: '/api/products' }),
    }),
    /** the held booking being paid for (the same path is also a page: ask for JSON) */
    getPaymentBooking: build.query<BookingView, string>({
      query: (id) => ({ url: `/prenotazioni/${encodeURIComponent(id)}`, headers: { Accept: 'application/json' } }),
      providesTags: ['MyBookings'],
    }),
    getPaypalConfig: build.query<PaypalConfigResponse, void>({
      query: () => ({ url: '/api/paypal/config' }),
    }),
    /** a mutation (a GET all the same): every check asks the server, nothing is cached */
    checkCoupon: build.mutation<CouponCheckResponse, string>({
      query: (coupon) => ({ url: '/pagamenti/coupon', params: { coupon } }),
    }),
    /** the lines and the "Totale" the server will charge (the same rule as the order it creates) */
    getChargeQuote: build.query<ChargeQuote, CreatePaypalOrderRequest>({
      query: ({ booking_id, product, coupon }) => ({ url: '/api/paypal/quote', params: { booking_id, product, ...(coupon ? { coupon } : {}) } }),
    }),
    createPaypalOrder: build.mutation<CreatePaypalOrderResponse, CreatePaypalOrderRequest>({
      query: (body) => ({ url: '/api/paypal/orders', method: 'POST', body }),
    }),
    confirmPayment: build.mutation<ConfirmPaymentResponse, ConfirmPaymentRequest>({
      query: (body) => ({ url: '/prenotazioni/conferma', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['MyBookings', 'MyOrders'] : []),
    }),
  }),
});

export const {
  useGetPaymentBookingQuery,
  useGetProductsQuery,
  useGetPaypalConfigQuery,
  useGetChargeQuoteQuery,
  useCheckCouponMutation,
  useCreatePaypalOrderMutation,
  useConfirmPaymentMutation,
} = paymentsApi;
