import type { OrderView } from '@studio/contracts';
import { api } from '../../lib/api';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyOrders: build.query<OrderView[], void>({
      query: () => ({ url: '/api/me/orders' }),
      providesTags: ['MyOrders'],
    }),
  }),
});

export const { useGetMyOrdersQuery } = ordersApi;
