/** the shortest password the practice accepts for an account it creates or changes */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_TOO_SHORT_MESSAGE = `La password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri`;
export const PASSWORD_TOO_COMMON_MESSAGE = 'Questa password è tra le più usate: scegline una meno prevedibile';
export const PASSWORD_TOO_LONG_POLICY_MESSAGE = 'La password può avere al massimo 72 byte (72 caratteri senza accenti, meno con lettere accentate o simboli)';

/**
 * zxcvbn-ts's list of common passwords (about 49 000, from leaked-password corpora, lower-cased), kept up to date
 * by its maintainers: a Set, so a check is one lookup. Loaded on demand, never statically: the list is about
 * 1 MB, and a static import put it in the first download of every page (the booking page included). The server
 * loads it before it listens (startApp, setup); the browser when a page with a new password opens.
 */
let common: Set<string> | null = null;

export async function loadCommonPasswords(): Promise<void> {
  if (common) return;
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  common ??= new Set(dictionary['passwords-common']);
}

/** whether the common-password check is in force yet (until then only length and bytes are checked) */
export const commonPasswordsLoaded = (): boolean => common !== null;

/**
 * The password policy, the same on both sides: at least PASSWORD_MIN_LENGTH characters (code points, so an
 * accented letter counts once), at most 72 bytes (bcrypt reads no further), and not a commonly used password
 * (compared lower-cased, as the list is, once loadCommonPasswords has run). Null when the password is acceptable, else the Italian reason.
 */
export function passwordPolicyProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (new TextEncoder().encode(password).length > 72) return PASSWORD_TOO_LONG_POLICY_MESSAGE;
  if (common?.has(password.toLowerCase())) return PASSWORD_TOO_COMMON_MESSAGE;
  return null;
}
