import { couponUsableOn, type EventData } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';

// ---- `product-<id>` --------------------------------------------------------------------------

export type ProductEvent = { type: 'ProductCreated'; data: EventData<'ProductCreated'> } | { type: 'ProductUpdated'; data: EventData<'ProductUpdated'> };
export type ProductFields = Omit<EventData<'ProductCreated'>, 'productId'>;
export type ProductState = { status: 'none' } | ({ status: 'exists' } & ProductFields);
export type ProductCommand =
  { type: 'CreateProduct'; productId: string; product: ProductFields } | { type: 'UpdateProduct'; productId: string; product: ProductFields };

export const PRODUCT_NOT_FOUND = 'Prodotto non trovato.';

function checkProduct(p: ProductFields): ProductFields {
  const name = p.name.trim();
  if (!name) throw new ValidationError('Nome mancante.', 'prodotto_non_valido');
  if (!Number.isInteger(p.priceCents) || p.priceCents <= 0)
    throw new ValidationError('Il prezzo deve essere un numero intero di centesimi maggiore di zero.', 'prodotto_non_valido');
  return { name, description: p.description.trim(), priceCents: p.priceCents, active: p.active, followUpOnly: p.followUpOnly ?? false };
}

export const productDecider = {
  initialState: (): ProductState => ({ status: 'none' }),
  evolve(_state: ProductState, event: ProductEvent): ProductState {
    const { name, description, priceCents, active, followUpOnly = false } = event.data;
    return { status: 'exists', name, description, priceCents, active, followUpOnly };
  },
  decide(command: ProductCommand, state: ProductState): ProductEvent[] {
    const product = checkProduct(command.product);
    const data = { productId: command.productId, ...product };
    if (command.type === 'CreateProduct') {
      if (state.status === 'exists') throw new ConflictError('Questo prodotto esiste già.', 'prodotto_esistente');
      return [{ type: 'ProductCreated', data }];
    }
    if (state.status === 'none') throw new NotFoundError(PRODUCT_NOT_FOUND, 'prodotto_non_trovato');
    const same =
      state.name === product.name &&
      state.description === product.description &&
      state.priceCents === product.priceCents &&
      state.active === product.active &&
      (state.followUpOnly ?? false) === product.followUpOnly;
    return same ? [] : [{ type: 'ProductUpdated', data }];
  },
};

// ---- `coupon-<CODE>` -------------------------------------------------------------------------

export type CouponEvent =
  | { type: 'CouponCreated'; data: EventData<'CouponCreated'> }
  | { type: 'CouponUpdated'; data: EventData<'CouponUpdated'> }
  | { type: 'CouponRedeemed'; data: EventData<'CouponRedeemed'> };
export type CouponTerms = Omit<EventData<'CouponCreated'>, 'code'>;
export type CouponState = { status: 'none' } | ({ status: 'exists'; code: string; orders: string[] } & CouponTerms);
export type CouponCommand =
  { type: 'CreateCoupon'; code: string; terms: CouponTerms } | { type: 'UpdateCoupon'; code: string; terms: CouponTerms } | RedeemCouponCommand;
/** `today`: the practice's calendar day when the order is confirmed */
export type RedeemCouponCommand = { type: 'RedeemCoupon'; code: string; orderId: string; today: string };

export const COUPON_NOT_FOUND = 'Coupon non trovato.';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkTerms(t: CouponTerms): CouponTerms {
  if (!Number.isInteger(t.percentage) || t.percentage < 1 || t.percentage > 100)
    throw new ValidationError('La percentuale deve essere un intero tra 1 e 100.', 'coupon_non_valido');
  if (!DAY.test(t.validFrom) || !DAY.test(t.validTo)) throw new ValidationError('Date di validità non valide: usa il formato AAAA-MM-GG.', 'coupon_non_valido');
  if (t.validTo < t.validFrom) throw new ValidationError('La data di fine validità non può precedere quella di inizio.', 'coupon_non_valido');
  if (t.maxUses !== undefined && (!Number.isInteger(t.maxUses) || t.maxUses < 1))
    throw new ValidationError('Il limite di utilizzi deve essere un intero almeno pari a 1.', 'coupon_non_valido');
  const terms: CouponTerms = { percentage: t.percentage, validFrom: t.validFrom, validTo: t.validTo };
  if (t.maxUses !== undefined) terms.maxUses = t.maxUses;
  return terms;
}

/** may the coupon be used on `today`? (pure: also serves the public check) */
export function couponUsable(state: CouponState, today: string): boolean {
  return (
    state.status === 'exists' &&
    couponUsableOn({ validFrom: state.validFrom, validTo: state.validTo, maxUses: state.maxUses, timesUsed: state.orders.length }, today)
  );
}

export const couponDecider = {
  initialState: (): CouponState => ({ status: 'none' }),
  evolve(state: CouponState, event: CouponEvent): CouponState {
    switch (event.type) {
      case 'CouponCreated':
      case 'CouponUpdated': {
        const { code, ...terms } = event.data;
        return { status: 'exists', code, orders: state.status === 'exists' ? state.orders : [], ...terms };
      }
      case 'CouponRedeemed':
        return state.status === 'exists' ? { ...state, orders: [...state.orders, event.data.orderId] } : state;
    }
  },
  decide(command: CouponCommand, state: CouponState): CouponEvent[] {
    const code = command.code.trim().toUpperCase();
    switch (command.type) {
      case 'CreateCoupon': {
        if (state.status === 'exists') throw new ConflictError(`Il coupon ${code} esiste già.`, 'coupon_esistente');
        return [{ type: 'CouponCreated', data: { code, ...checkTerms(command.terms) } }];
      }
      case 'UpdateCoupon': {
        if (state.status === 'none') throw new NotFoundError(COUPON_NOT_FOUND, 'coupon_non_trovato');
        const terms = checkTerms(command.terms);
        if (terms.maxUses !== undefined && terms.maxUses < state.orders.length) {
          throw new ConflictError(`Il coupon è già stato usato ${state.orders.length} volte: il limite non può essere più basso.`, 'coupon_limite_non_valido');
        }
        const same =
          terms.percentage === state.percentage && terms.validFrom === state.validFrom && terms.validTo === state.validTo && terms.maxUses === state.maxUses;
        return same ? [] : [{ type: 'CouponUpdated', data: { code, ...terms } }];
      }
      case 'RedeemCoupon': {
        if (state.status === 'none') throw new NotFoundError(COUPON_NOT_FOUND, 'coupon_non_trovato');
        // the same order redeeming again (a retried confirmation) changes nothing
        if (state.orders.includes(command.orderId)) return [];
        if (command.today < state.validFrom || command.today > state.validTo)
          throw new ConflictError('Coupon non valido: fuori dal periodo di validità.', 'coupon_scaduto');
        if (state.maxUses !== undefined && state.orders.length >= state.maxUses)
          throw new ConflictError('Coupon non valido: limite di utilizzi raggiunto.', 'coupon_esaurito');
        return [{ type: 'CouponRedeemed', data: { code, orderId: command.orderId } }];
      }
    }
  },
};
