import { STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** the products on sale, as the admin last saved them */
export interface ProductDoc {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  active: boolean;
  followUpOnly: boolean;
  createdAt: string;
  updatedAt: string;
}

export const productsProjection: ProjectionDefinition<ProductDoc, 'ProductCreated' | 'ProductUpdated'> = {
  name: 'products',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.product],
  eventTypes: ['ProductCreated', 'ProductUpdated'],
  documentId: (event) => event.data.productId,
  evolve(doc, event) {
    if (event.type !== 'ProductCreated' && event.type !== 'ProductUpdated') return doc;
    const { productId, name, description, priceCents, active, followUpOnly = false } = event.data;
    return { id: productId, name, description, priceCents, active, followUpOnly, createdAt: doc?.createdAt ?? event.metadata.at, updatedAt: event.metadata.at };
  },
  indexes: {
    active: { type: 'integer', value: (d) => (d.active ? 1 : 0) },
  },
};

/** coupons by upper-cased code, with how many times each was used */
export interface CouponDoc {
  code: string;
  percentage: number;
  validFrom: string;
  validTo: string;
  maxUses: number | null;
  uses: number;
  createdAt: string;
  updatedAt: string;
}

export const couponsProjection: ProjectionDefinition<CouponDoc, 'CouponCreated' | 'CouponUpdated' | 'CouponRedeemed'> = {
  name: 'coupons',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.coupon],
  eventTypes: ['CouponCreated', 'CouponUpdated', 'CouponRedeemed'],
  documentId: (event) => event.data.code.toUpperCase(),
  evolve(doc, event) {
    switch (event.type) {
      case 'CouponCreated':
      case 'CouponUpdated': {
        const d = event.data;
        return {
          code: d.code.toUpperCase(),
          percentage: d.percentage,
          validFrom: d.validFrom,
          validTo: d.validTo,
          maxUses: d.maxUses ?? null,
          uses: doc?.uses ?? 0,
          createdAt: doc?.createdAt ?? event.metadata.at,
          updatedAt: event.metadata.at,
        };
      }
      case 'CouponRedeemed':
        return doc ? { ...doc, uses: doc.uses + 1 } : doc;
      default:
        return doc;
    }
  },
  indexes: {
    valid_to: { type: 'text', value: (d) => d.validTo },
  },
};
