import type { CouponRequest, CouponUpdateRequest, CouponView, ProductRequest, ProductView } from '@studio/contracts';
import { api } from '../../app/api';

/** the admin's products and coupons (GET/POST/PUT /api/admin/...) */
export const catalogAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<ProductView[], void>({
      query: () => ({ url: '/api/admin/products' }),
      providesTags: ['AdminProducts'],
    }),
    createProduct: build.mutation<ProductView, ProductRequest>({
      query: (body) => ({ url: '/api/admin/products', method: 'POST', body }),
      invalidatesTags: ['AdminProducts'],
    }),
    updateProduct: build.mutation<ProductView, { id: string; body: ProductRequest }>({
      query: ({ id, body }) => ({ url: `/api/admin/products/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['AdminProducts'],
    }),
    getAdminCoupons: build.query<CouponView[], void>({
      query: () => ({ url: '/api/admin/coupons' }),
      providesTags: ['AdminCoupons'],
    }),
    createCoupon: build.mutation<CouponView, CouponRequest>({
      query: (body) => ({ url: '/api/admin/coupons', method: 'POST', body }),
      invalidatesTags: ['AdminCoupons'],
    }),
    updateCoupon: build.mutation<CouponView, { code: string; body: CouponUpdateRequest }>({
      query: ({ code, body }) => ({ url: `/api/admin/coupons/${encodeURIComponent(code)}`, method: 'PUT', body }),
      invalidatesTags: ['AdminCoupons'],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useGetAdminCouponsQuery,
  useCreateCouponMutation,
  useUpdateCouponMutation,
} = catalogAdminApi;
