import { stampDutyCents } from './stamp-duty';

describe('stamp duty (DPR 642/1972, tariffa art. 13: 2,00 € above 77,47 €)', () => {
  it('is not due at 77,47 € exactly', () => expect(stampDutyCents(7747)).toBe(0));
  it('is 2,00 € one cent above', () => expect(stampDutyCents(7748)).toBe(200));
  it('is 2,00 € at 80,00 €', () => expect(stampDutyCents(8000)).toBe(200));
});
