import { Injectable } from '@nestjs/common';
import {
  COUPON_CODE_PATTERN,
  couponStreamName,
  productStreamName,
  normalizeCouponCode,
  type CouponCheckResponse,
  type CouponRequest,
  type CouponUpdateRequest,
  type CouponView,
  type EventMetadata,
  type ProductRequest,
  type ProductView,
  type PublicProduct,
  practiceDay,
} from '@studio/contracts';
import type { CouponDoc, ProductDoc } from './catalog.projection';
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../../../platform/common/errors';
import { readState } from '../../../platform/event-store/command-handler';
import { type Ports } from '../../../platform/kernel/ports';
import { couponsReadModel, productsReadModel } from './read-models';
import { COUPON_NOT_FOUND, couponDecider, couponUsable, PRODUCT_NOT_FOUND, type CouponTerms, type RedeemCouponCommand } from './catalog.decider';
import { CreateCoupon, CreateProduct, RedeemCoupon, UpdateCoupon, UpdateProduct } from './catalog.commands';
export { TOO_MANY_GUESSES_MESSAGE } from '../../../platform/security/rate-limits';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

const productView = (d: ProductDoc): ProductView => ({
  id: d.id,
  name: d.name,
  description: d.description,
  priceCents: d.priceCents,
  active: d.active,
  followUpOnly: d.followUpOnly ?? false,
});
const couponView = (d: CouponDoc): CouponView => ({
  code: d.code,
  percentage: d.percentage,
  validFrom: d.validFrom,
  validTo: d.validTo,
  maxUses: d.maxUses,
  uses: d.uses,
});
const terms = (t: CouponUpdateRequest): CouponTerms => ({
  percentage: t.percentage,
  validFrom: t.validFrom,
  validTo: t.validTo,
  ...(t.maxUses != null ? { maxUses: t.maxUses } : {}),
});

@Injectable()
export class CatalogService {
  private readonly readModels: Ports['readModels'];

  constructor(private readonly kernel: KernelPorts) {
    this.readModels = kernel.readModels;
  }

  // ---- products ----

  async listProducts(): Promise<ProductView[]> {
    const docs = await productsReadModel.find(this.readModels, {});
    return docs.map((d) => productView(d.doc)).sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async activeProducts(): Promise<PublicProduct[]> {
    const docs = await productsReadModel.find(this.readModels, { active: 1 });
    return docs
      .map((d) => d.doc)
      .sort((a, b) => a.priceCents - b.priceCents || a.name.localeCompare(b.name, 'it'))
      .map(({ id, name, description, priceCents, followUpOnly }) => ({ id, name, description, priceCents, followUpOnly: followUpOnly ?? false }));
  }

  async createProduct(input: ProductRequest, metadata: EventMetadata): Promise<ProductView> {
    const productId = randomUUID();
    await this.settled(
      this.kernel.commands.execute(new CreateProduct(productStreamName(productId), { type: 'CreateProduct', productId, product: input }, metadata)),
    );
    return this.product(productId);
  }

  async updateProduct(productId: string, input: ProductRequest, metadata: EventMetadata): Promise<ProductView> {
    await this.settled(
      this.kernel.commands.execute(new UpdateProduct(productStreamName(productId), { type: 'UpdateProduct', productId, product: input }, metadata)),
    );
    return this.product(productId);
  }

  private async product(id: string): Promise<ProductView> {
    const found = await productsReadModel.get(this.readModels, id);
    if (!found) throw new NotFoundError(PRODUCT_NOT_FOUND, 'prodotto_non_trovato');
    return productView(found.doc);
  }

  // ---- coupons ----

  async listCoupons(): Promise<CouponView[]> {
    const docs = await couponsReadModel.find(this.readModels, {});
    return docs.map((d) => couponView(d.doc)).sort((a, b) => a.code.localeCompare(b.code));
  }

  async createCoupon(input: CouponRequest, metadata: EventMetadata): Promise<CouponView> {
    await this.settled(
      this.kernel.commands.execute(new CreateCoupon(couponStreamName(input.code), { type: 'CreateCoupon', code: input.code, terms: terms(input) }, metadata)),
    );
    return this.coupon(input.code);
  }

  async updateCoupon(rawCode: string, input: CouponUpdateRequest, metadata: EventMetadata): Promise<CouponView> {
    const code = normalizeCouponCode(rawCode);
    if (!COUPON_CODE_PATTERN.test(code)) throw new NotFoundError(COUPON_NOT_FOUND, 'coupon_non_trovato');
    await this.settled(this.kernel.commands.execute(new UpdateCoupon(couponStreamName(code), { type: 'UpdateCoupon', code, terms: terms(input) }, metadata)));
    return this.coupon(code);
  }

  private async coupon(code: string): Promise<CouponView> {
    const found = await couponsReadModel.get(this.readModels, normalizeCouponCode(code));
    if (!found) throw new NotFoundError(COUPON_NOT_FOUND, 'coupon_non_trovato');
    return couponView(found.doc);
  }

  /**
   * The public check: read from the coupon's own stream (not the read model), so a coupon that
   * has just reached its limit is already refused. Wrong guesses count against the client.
   */
  async check(rawCode: string | undefined, client: string): Promise<CouponCheckResponse> {
    const percentage = await this.guessedCouponPercentage(rawCode ?? '', client);
    return percentage === null ? { status: 'ko' } : { status: 'ok', percentage };
  }

  /**
   * Every path that checks a coupon a client typed goes through here (the check, the order, the
   * confirmation): one limit of wrong guesses per client (RATE_LIMIT_COUPON), shared by all of them
   * and by every instance. A code that exists is not a guess, even when expired or used up.
   * null: not usable now.
   */
  async guessedCouponPercentage(rawCode: string, client: string): Promise<number | null> {
    await this.kernel.limits.coupon.ensureAllowed(client);
    const code = normalizeCouponCode(rawCode);
    if (COUPON_CODE_PATTERN.test(code)) {
      const { state } = await readState(this.kernel.eventStore, couponStreamName(code), couponDecider);
      if (state.status === 'exists')
        return couponUsable(state, practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone)) ? state.percentage : null;
    }
    await this.kernel.limits.coupon.recordFailure(client);
    return null;
  }

  /** a code typed by a client compared with a known one (the order's): a wrong one counts as a guess */
  async guessMatches(rawCode: string, expected: string | null, client: string): Promise<boolean> {
    await this.kernel.limits.coupon.ensureAllowed(client);
    if (normalizeCouponCode(rawCode) === expected) return true;
    await this.kernel.limits.coupon.recordFailure(client);
    return false;
  }

  /**
   * One use of a coupon by a confirmed order (called by the payment confirmation). On a stale
   * revision it decides again on the fresh stream, so the use limit is checked against every use
   * already appended: concurrent orders cannot exceed it. Refused (409) when used up or out of
   * validity, 404 when unknown.
   */
  async redeemCoupon(rawCode: string, orderId: string, metadata: EventMetadata): Promise<{ redeemed: boolean }> {
    const code = normalizeCouponCode(rawCode);
    if (!COUPON_CODE_PATTERN.test(code)) throw new NotFoundError(COUPON_NOT_FOUND, 'coupon_non_trovato');
    const today = practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone);
    const result = await this.redeem({ type: 'RedeemCoupon', code, orderId, today }, metadata);
    if (result.position) await this.kernel.changes.waitFor(result.position);
    return { redeemed: result.events.length > 0 };
  }

  /** the redemption as a flow's step (the payment confirmation's): the hot coupon stream is decided again on a lost append */
  redeem(command: RedeemCouponCommand, metadata: EventMetadata) {
    return this.kernel.commands.execute(new RedeemCoupon(couponStreamName(command.code), command, metadata));
  }

  /** read your writes: the answer is read from the read model once it holds the command's events */
  private async settled(written: Promise<{ position: number | null }>): Promise<void> {
    const { position } = await written;
    if (position) await this.kernel.changes.waitFor(position);
  }
}
