import fc from 'fast-check';
import { bookingProductRefusal, chargeFor, deskAmountRefusal, followUpRefusal, sumOfLines, untypedHoldRefusal } from './charge';

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

  it('the coupon discount is rounded to the cent, half up (price − price × percentage / 100)', () => {
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

describe('what prices a booking', () => {
  it('a hold without a visit type is refused at a doctor with active visit types, allowed at one without', () => {
    expect(untypedHoldRefusal(undefined, 2)?.code).toBe('tipo_visita_mancante');
    expect(untypedHoldRefusal('', 1)?.message).toMatch(/Scegli il tipo di visita/);
    expect(untypedHoldRefusal(undefined, 0)).toBeNull();
    expect(untypedHoldRefusal('t1', 3)).toBeNull();
  });

  it('a product belongs to its doctor: a typed booking takes only its type’s product, an untyped one only the catalogue’s', () => {
    const typed = { bookedProductId: 'p-visita', doctorHasVisitTypes: true };
    expect(bookingProductRefusal({ ...typed, productId: 'p-visita', productDoctorId: 'd1' })).toBeNull();
    expect(bookingProductRefusal({ ...typed, productId: 'p-saluto', productDoctorId: 'd2' })?.code).toBe('prodotto_del_tipo_di_visita');
    expect(bookingProductRefusal({ ...typed, productId: 'p-catalogo', productDoctorId: null })?.code).toBe('prodotto_del_tipo_di_visita');
    const untyped = { bookedProductId: null, doctorHasVisitTypes: false };
    expect(bookingProductRefusal({ ...untyped, productId: 'p-catalogo', productDoctorId: null })).toBeNull();
    // the one-cent attack: another doctor's visit type product for an untyped booking
    expect(bookingProductRefusal({ ...untyped, productId: 'p-saluto', productDoctorId: 'd1' })?.code).toBe('prodotto_di_altro_tipo_di_visita');
    // an untyped booking at a doctor who has types now (held before they were made) is priced by none
    expect(bookingProductRefusal({ bookedProductId: null, doctorHasVisitTypes: true, productId: 'p-catalogo', productDoctorId: null })?.code).toBe(
      'tipo_visita_mancante',
    );
  });

  it('a desk amount below the visit’s price needs the doctor’s discount with a reason', () => {
    expect(deskAmountRefusal(1, 8000, null)?.code).toBe('importo_inferiore_al_prezzo');
    expect(deskAmountRefusal(1, 8000, null)?.message).toContain('80,00 €');
    expect(deskAmountRefusal(7999, 8000, { reason: '  ' })?.code).toBe('importo_inferiore_al_prezzo');
    expect(deskAmountRefusal(4000, 8000, { reason: 'Paziente in difficoltà' })).toBeNull();
    expect(deskAmountRefusal(8000, 8000, null)).toBeNull();
    expect(deskAmountRefusal(8200, 8000, undefined)).toBeNull();
    expect(deskAmountRefusal(1, null, null)).toBeNull();
  });
});

describe('a check-up product', () => {
  it('pays only a booking that follows an earlier visit with the same doctor, refused in Italian otherwise', () => {
    expect(followUpRefusal(true, false)).toEqual({
      code: 'solo_visita_di_controllo',
      message: 'La visita di controllo è per chi ha già fatto una visita con questo medico: per la prima volta scegli la prima visita.',
    });
    expect(followUpRefusal(true, true)).toBeNull();
    expect(followUpRefusal(false, false)).toBeNull();
  });
});
