import { STAMP_DUTY_CENTS, STAMP_DUTY_THRESHOLD_CENTS } from '../../fiscal/rules/stamp-duty';

/** one line of what a patient is charged: the visit (product), the coupon's discount (negative), the stamp duty */
export interface ChargeLine {
  kind: 'visit' | 'coupon' | 'stamp_duty';
  amountCents: number;
}

export interface Charge {
  /** the lines in the order they are shown: visit, coupon (when any), stamp duty (when charged to the patient) */
  lines: ChargeLine[];
  /** the service after the coupon: what the stamp duty's threshold is judged on (the exempt amount) */
  serviceCents: number;
  /** 2,00 € when the service is above 77,47 €, else 0, whoever bears it */
  stampDutyCents: number;
  /** the duty is on the patient's bill (a line of the charge); false: the practitioner bears it */
  stampDutyCharged: boolean;
  /** what is shown as "Totale", sent to PayPal, captured and printed as the receipt's total */
  totalCents: number;
}

export interface ChargeInput {
  priceCents: number;
  /** the coupon's percentage, null or 0 without one */
  couponPercentage: number | null | undefined;
  /** the practitioner's fiscal profile: the stamp duty is charged to the patient */
  stampDutyToPatient: boolean;
}

/**
 * The one amount of a payment, computed once: product price, minus the coupon (price − price × percentage / 100,
 * the discount rounded to the cent, half up), plus the 2,00 € stamp duty when the service exceeds 77,47 € (DPR 642/1972,
 * tariffa art. 13) and the practitioner charges it to the patient. The duty's threshold is judged on the service, not on
 * a total that would already contain the duty.
 */
export function chargeFor({ priceCents, couponPercentage, stampDutyToPatient }: ChargeInput): Charge {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`Prezzo in centesimi non valido: ${priceCents}`);
  const discount = couponPercentage ? Math.round((priceCents * couponPercentage) / 100) : 0;
  const serviceCents = priceCents - discount;
  const stampDutyCents = serviceCents > STAMP_DUTY_THRESHOLD_CENTS ? STAMP_DUTY_CENTS : 0;
  const stampDutyCharged = stampDutyToPatient && stampDutyCents > 0;
  const lines: ChargeLine[] = [{ kind: 'visit', amountCents: priceCents }];
  if (discount) lines.push({ kind: 'coupon', amountCents: -discount });
  if (stampDutyCharged) lines.push({ kind: 'stamp_duty', amountCents: stampDutyCents });
  return { lines, serviceCents, stampDutyCents, stampDutyCharged, totalCents: serviceCents + (stampDutyCharged ? stampDutyCents : 0) };
}

/** the lines' sum: a charge recorded on an order always equals its total */
export function sumOfLines(lines: readonly ChargeLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/** a refusal of the pricing rules below: the Italian message and its code (the backend answers it as a 400 or 422) */
export interface PricingRefusal {
  code: string;
  message: string;
}

export const VISIT_TYPE_REQUIRED_MESSAGE = 'Scegli il tipo di visita: questo medico si prenota solo per un tipo di visita, che ne fissa il prezzo.';

/**
 * A hold without a visit type is priced by nothing of its doctor's: at a doctor with active visit types it is refused
 * (the booking page always sends the type there), so every booking at such a doctor carries its price.
 */
export function untypedHoldRefusal(visitTypeId: string | null | undefined, activeVisitTypes: number): PricingRefusal | null {
  return !visitTypeId && activeVisitTypes > 0 ? { code: 'tipo_visita_mancante', message: VISIT_TYPE_REQUIRED_MESSAGE } : null;
}

export interface BookingProduct {
  /** the product of the booking's visit type; null for a booking without one */
  bookedProductId: string | null;
  /** the doctor of the booking has active visit types */
  doctorHasVisitTypes: boolean;
  /** the product asked for */
  productId: string;
  /** the doctor whose visit type this product prices; null for a product of the practice's own catalogue */
  productDoctorId: string | null;
}

/**
 * The products that price a booking: its visit type's product; for a booking without a type (only at a doctor without
 * visit types) the practice's catalogue products, never a visit type's product (each belongs to its doctor and type).
 */
export function bookingProductRefusal({ bookedProductId, doctorHasVisitTypes, productId, productDoctorId }: BookingProduct): PricingRefusal | null {
  if (bookedProductId !== null) {
    return productId === bookedProductId
      ? null
      : { code: 'prodotto_del_tipo_di_visita', message: 'Il prodotto non corrisponde al tipo di visita prenotato: ricarica la pagina di pagamento.' };
  }
  if (doctorHasVisitTypes) return { code: 'tipo_visita_mancante', message: VISIT_TYPE_REQUIRED_MESSAGE };
  return productDoctorId === null
    ? null
    : { code: 'prodotto_di_altro_tipo_di_visita', message: 'Questo prodotto è il prezzo di un tipo di visita e non vale per questa prenotazione.' };
}

export const FOLLOW_UP_ONLY_MESSAGE = 'La visita di controllo è per chi ha già fatto una visita con questo medico: per la prima volta scegli la prima visita.';

/** a check-up product pays only a booking that follows an earlier visit with the same doctor (confirmed or done) */
export function followUpRefusal(followUpOnly: boolean, hasEarlierVisit: boolean): PricingRefusal | null {
  return followUpOnly && !hasEarlierVisit ? { code: 'solo_visita_di_controllo', message: FOLLOW_UP_ONLY_MESSAGE } : null;
}

/** a desk payment below the visit's price: the doctor's explicit discount, with its reason */
export interface DeskDiscount {
  reason: string;
}

/**
 * The least a desk payment takes without a discount: the visit's price (its visit type's, or for a booking without a
 * type the cheapest catalogue product the patient could have bought online); null when nothing prices it. Below it
 * the doctor's discount with its reason is required.
 */
export function deskAmountRefusal(amountCents: number, visitPriceCents: number | null, discount: DeskDiscount | null | undefined): PricingRefusal | null {
  if (visitPriceCents === null || amountCents >= visitPriceCents || discount?.reason.trim()) return null;
  const euro = (visitPriceCents / 100).toFixed(2).replace('.', ',');
  return {
    code: 'importo_inferiore_al_prezzo',
    message: `L’importo è inferiore al prezzo della visita (${euro} €): per incassare meno serve lo sconto del medico, con il motivo.`,
  };
}
