/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { ChargeSummary } from './ChargeSummary';

describe('the charge summary', () => {
  it('names the coupon by its code as everywhere else (upper case), whatever the patient typed', () => {
    const quote = {
      lines: [
        { kind: 'visit' as const, amountCents: 8000 },
        { kind: 'coupon' as const, amountCents: -800 },
      ],
      totalCents: 7200,
      stampDutyCents: 0,
      stampDutyCharged: false,
    };
    render(<ChargeSummary productName="Prima visita nutrizionale" coupon=" benvenuto10 " quote={quote} loading={false} />);
    expect(screen.getByText(t.payments.chargeCoupon('BENVENUTO10'))).toBeTruthy();
    expect(screen.getByText(t.payments.chargeVisit('Prima visita nutrizionale'))).toBeTruthy();
  });

  it('promises only the payment the page offers (PayPal), not a card button it does not show', () => {
    expect(t.payments.intro).not.toMatch(/carta/);
  });
});
