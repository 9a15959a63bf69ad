import { toE164 } from './phone-number';

describe('phone numbers in E.164 (libphonenumber-js)', () => {
  it('understands an Italian mobile as typed', () => {
    expect(toE164('333 123 4567')).toBe('+393331234567');
    expect(toE164('+39 333 1234567')).toBe('+393331234567');
    expect(toE164('0039 333 1234567')).toBe('+393331234567');
  });
  it('keeps a foreign number with its prefix and refuses what is no number', () => {
    expect(toE164('+41 79 123 45 67')).toBe('+41791234567');
    expect(toE164('123')).toBeNull();
    expect(toE164('non lo so')).toBeNull();
  });
});
