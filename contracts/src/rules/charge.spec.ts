import fc from 'fast-check';
import { chargeFor, sumOfLines } from './charge';

// Source of the duty's rule: DPR 642/1972, Tariffa allegato A, parte I, art. 13, comma 1 and its note 1 lett. a) — 2,00 €
// on receipts for amounts "superiori a 77,47 euro" not subject to VAT (the figures 77,47 € and 2,00 € as in force since
// DL 124/2019 art. 1). Judging the threshold on the exempt service alone, and re-charging the duty to the patient as a
// separate line outside the VAT base (art. 15 DPR 633/1972), is the app's reading, not a published worked example.
describe('chargeFor: the one amount of a payment', () => {
  it('80,00 € with the duty charged to the patient: visit + 2,00 € = 82,00 €', () => {
    expect(chargeFor({ priceCents: 8000, couponPercentage: null, stampDutyToPatient: true })).toEqual({
      lines: [
        { kind: 'visit', amountCents: 8000 },
        { kind: 'stamp_duty', amountCents: 200 },
      ],
      serviceCents: 8000,
      stampDutyCents: 200,
      stampDutyCharged: true,
      totalCents: 8200,
    });
  });

  it('80,00 € with the duty borne by the practitioner: the patient pays 80,00 €, the duty is still due', () => {
    const charge = chargeFor({ priceCents: 8000, couponPercentage: null, stampDutyToPatient: false });
    expect(charge).toMatchObject({ totalCents: 8000, stampDutyCents: 200, stampDutyCharged: false, lines: [{ kind: 'visit', amountCents: 8000 }] });
  });

  it('100,00 € exempt: 2,00 € of duty, 102,00 € when re-charged', () => {
    expect(chargeFor({ priceCents: 10000, couponPercentage: null, stampDutyToPatient: true }).totalCents).toBe(10200);
  });

  it('77,47 € exactly: no duty; 77,48 €: duty', () => {
    expect(chargeFor({ priceCents: 7747, couponPercentage: null, stampDutyToPatient: true })).toMatchObject({ stampDutyCents: 0, totalCents: 7747 });
    expect(chargeFor({ priceCents: 7748, couponPercentage: null, stampDutyToPatient: true })).toMatchObject({ stampDutyCents: 200, totalCents: 7948 });
  });

  it('the threshold is judged after the coupon: 80,00 € − 10 % = 72,00 €, no duty', () => {
    expect(chargeFor({ priceCents: 8000, couponPercentage: 10, stampDutyToPatient: true })).toEqual({
      lines: [
        { kind: 'visit', amountCents: 8000 },
        { kind: 'coupon', amountCents: -800 },
      ],
      serviceCents: 7200,
      stampDutyCents: 0,
      stampDutyCharged: false,
      totalCents: 7200,
    });
  });

  it('the coupon discount is rounded to the cent, half up (SPEC: price − price × percentage / 100)', () => {
    expect(chargeFor({ priceCents: 1005, couponPercentage: 10, stampDutyToPatient: true }).serviceCents).toBe(1005 - 101);
  });

  it('for any price, coupon and profile: the lines add up to the total, and the duty is charged only above 77,47 €', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 1, max: 100 })),
        fc.boolean(),
        (priceCents, couponPercentage, toPatient) => {
          const charge = chargeFor({ priceCents, couponPercentage, stampDutyToPatient: toPatient });
          expect(sumOfLines(charge.lines)).toBe(charge.totalCents);
          expect(charge.stampDutyCents).toBe(charge.serviceCents > 7747 ? 200 : 0);
          expect(charge.totalCents - charge.serviceCents).toBe(toPatient ? charge.stampDutyCents : 0);
        },
      ),
    );
  });

  it('refuses a price that is not a whole number of cents', () => {
    expect(() => chargeFor({ priceCents: 80.5, couponPercentage: null, stampDutyToPatient: true })).toThrow(RangeError);
  });
});
