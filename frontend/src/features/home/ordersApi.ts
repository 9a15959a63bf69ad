import type { OrderView } from '@studio/contracts';
import { api } from '../../lib/api';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyOrders: build.query<OrderView[], void>({
      query: () => ({ url: '/api/me/orders' }),
      providesTags: ['MyOrders'],
    }),
    /** the fiscal receipts of the patient's orders (issued just after the payment) */
    getMyReceipts: build.query<MyReceipt[], void>({
      query: () => ({ url: '/api/me/receipts' }),
      providesTags: ['MyOrders'],
    }),
  }),
});

export interface MyReceipt {
  orderId: string;
  label: string;
  creditNote: string | null;
}

export const receiptPdfUrl = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/receipt.pdf`;

export const { useGetMyOrdersQuery, useGetMyReceiptsQuery } = ordersApi;
