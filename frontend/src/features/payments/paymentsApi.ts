import type {
  ConfirmPaymentRequest,
  ConfirmPaymentResponse,
  CouponCheckResponse,
  CreatePaypalOrderRequest,
  CreatePaypalOrderResponse,
  PublicProduct,
} from '@studio/contracts';
import { api } from '../../app/api';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<PublicProduct[], void>({
      query: () => ({ url: '/api/products' }),
    }),
    /** a mutation (a GET all the same): every check asks the server, nothing is cached */
    checkCoupon: build.mutation<CouponCheckResponse, string>({
      query: (coupon) => ({ url: '/pagamenti/coupon', params: { coupon } }),
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

export const { useGetProductsQuery, useCheckCouponMutation, useCreatePaypalOrderMutation, useConfirmPaymentMutation } = paymentsApi;
