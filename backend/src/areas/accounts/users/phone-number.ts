import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** a number as people write it ("333 123 4567", "+39 333 1234567", "0039…") in E.164; Italian when no prefix; null: not a number */
export function toE164(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed.replace(/^00/, '+'), 'IT');
  return parsed?.isValid() ? parsed.number : null;
}
