import type { OrderView, ReceiptDocument } from '@studio/contracts';
import { api } from '../../../lib/api';

export const myOrdersApi = api.injectEndpoints({
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
    /** one receipt (and its credit note) as the PDF has it: the same content, laid out as a page */
    getReceipt: build.query<ReceiptDocument, string>({
      query: (orderId) => ({ url: `/api/orders/${encodeURIComponent(orderId)}/receipt` }),
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

export const { useGetMyOrdersQuery, useGetMyReceiptsQuery, useGetReceiptQuery } = myOrdersApi;
