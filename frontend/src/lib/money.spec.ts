import { centsToEuroInput, formatEuro, parseEuroToCents } from './money';

describe('money', () => {
  it('formats cents in Italian with two decimals and the euro sign', () => {
    expect(formatEuro(7200).replace(/\s/g, ' ')).toBe('72,00 €');
    expect(formatEuro(12345678).replace(/\s/g, ' ')).toBe('123.456,78 €');
  });

  it.each([
    ['72', 7200],
    ['72,5', 7250],
    ['72,50', 7250],
    ['72.50', 7250],
    [' 1.234,56 € ', 123456],
    ['0,01', 1],
  ])('reads the price %p as %p cents', (text, cents) => {
    expect(parseEuroToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '0', '0,00', '-5', '72,505', '7,2,5'])('refuses %p', (text) => {
    expect(parseEuroToCents(text)).toBeNull();
  });

  it('writes cents back as the text of a price field', () => {
    expect(centsToEuroInput(7250)).toBe('72,50');
    expect(parseEuroToCents(centsToEuroInput(123456))).toBe(123456);
  });
});
