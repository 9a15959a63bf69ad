import type { CouponView, ProductView } from '@studio/contracts';
import { api } from '../../../lib/api';

/** the admin's products and coupons (GET /api/admin/...; the forms write through ModalForm) */
export const catalogAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<ProductView[], void>({
      query: () => ({ url: '/api/admin/products' }),
      providesTags: ['AdminProducts'],
    }),
    getAdminCoupons: build.query<CouponView[], void>({
      query: () => ({ url: '/api/admin/coupons' }),
      providesTags: ['AdminCoupons'],
    }),
  }),
});

export const { useGetAdminProductsQuery, useGetAdminCouponsQuery } = catalogAdminApi;
