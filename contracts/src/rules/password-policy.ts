import { dictionary } from '@zxcvbn-ts/language-common';

/** the shortest password the practice accepts for an account it creates or changes */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_TOO_SHORT_MESSAGE = `La password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri`;
export const PASSWORD_TOO_COMMON_MESSAGE = 'Questa password è tra le più usate: scegline una meno prevedibile';
export const PASSWORD_TOO_LONG_POLICY_MESSAGE = 'La password può avere al massimo 72 byte (72 caratteri senza accenti, meno con lettere accentate o simboli)';

/**
 * zxcvbn-ts's list of common passwords (about 49 000, from leaked-password corpora, lower-cased), kept up to date
 * by its maintainers: a Set, so a check is one lookup
 */
let common: Set<string> | null = null;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

/**
 * The password policy, the same on both sides: at least PASSWORD_MIN_LENGTH characters (code points, so an
 * accented letter counts once), at most 72 bytes (bcrypt reads no further), and not a commonly used password
 * (compared lower-cased, as the list is). Null when the password is acceptable, else the Italian reason.
 */
export function passwordPolicyProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (new TextEncoder().encode(password).length > 72) return PASSWORD_TOO_LONG_POLICY_MESSAGE;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_TOO_COMMON_MESSAGE;
  return null;
}
