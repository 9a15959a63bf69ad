import { STAMP_DUTY_CENTS, STAMP_DUTY_THRESHOLD_CENTS } from './stamp-duty';

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
 * The one amount of a payment, computed once: product price, minus the coupon (SPEC: price − price × percentage / 100,
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
