import { discountedCents } from './discount';

describe('discountedCents: price − price × percentage / 100, the discount rounded to the cent half up', () => {
  it.each([
    [1995, 10, 1795], // 1,995 € of discount → 2,00 €: 17,95 €, not 17,96 €
    [1999, 15, 1699], // 2,9985 € → 3,00 €
    [1001, 25, 751], // 2,5025 € → 2,50 €
    [333, 50, 166], // 1,665 € → 1,67 €
    [8000, 10, 7200],
    [5000, 100, 0],
  ])('%i cents at %i %% → %i cents', (price, percentage, expected) => {
    expect(discountedCents(price, percentage)).toBe(expected);
  });

  it('no coupon, no discount', () => {
    expect(discountedCents(1995, null)).toBe(1995);
    expect(discountedCents(1995, 0)).toBe(1995);
  });
});
