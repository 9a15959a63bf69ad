import { z } from 'zod';
import { passwordPolicyProblem } from './rules/password-policy';

/** version of the privacy notice a patient accepts at registration; bump it when the text changes */
export const PRIVACY_VERSION = '2026-01';

export const DUPLICATE_EMAIL_MESSAGE = 'Esiste già un account con questa email: accedi, oppure usa "Password dimenticata?" nella pagina di accesso.';

/** a required text field: a missing one reads as empty, so the user gets the field's own message */
const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, 'Testo troppo lungo').prefault('');

/** values a checkbox may arrive with: JSON true, or a form's 'on' / 'true' / '1' */
const checked = (v: unknown) => v === true || v === 'true' || v === 'on' || v === '1';

// ---- codice fiscale -------------------------------------------------------------------------

/** positions (0-based) where omocodia may swap a digit for one of these letters, in digit order */
const OMOCODIC_POSITIONS = [6, 7, 9, 10, 12, 13, 14];
const OMOCODIC_LETTERS = 'LMNPQRSTUV';
const D = `[0-9${OMOCODIC_LETTERS}]`;
/** surname(3) name(3) year(2) month(1) day(2) municipality(letter + 3) check(1) */
const SHAPE = new RegExp(`^[A-Z]{6}${D}{2}[ABCDEHLMPRST]${D}{2}[A-Z]${D}{3}[A-Z]$`);
/** values of the characters in odd positions (1st, 3rd, …); digits count as A…J */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

const indexOf = (c: string) => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65);

/** the check character of the first 15 characters (already upper-cased and shape-checked) */
export function codiceFiscaleCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? ODD[indexOf(first15[i])] : indexOf(first15[i]);
  return String.fromCharCode(65 + (sum % 26));
}

/** Italian tax code of a person: shape, day of birth (women +40) and check character; omocodic codes accepted */
export function isValidCodiceFiscale(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (!SHAPE.test(code)) return false;
  const digits = [...code].map((c, i) => (OMOCODIC_POSITIONS.includes(i) && OMOCODIC_LETTERS.includes(c) ? String(OMOCODIC_LETTERS.indexOf(c)) : c)).join('');
  const day = Number(digits.slice(9, 11));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return codiceFiscaleCheckChar(code.slice(0, 15)) === code[15];
}

// ---- registration ---------------------------------------------------------------------------

/** Italian or international: optional leading +, then digits and spaces, 6 to 15 digits */
export function isValidPhone(value: string): boolean {
  const digits = value.replace(/ /g, '');
  return /^\+?\d{6,15}$/.test(digits) && !/^\+? /.test(value);
}

/** bcrypt reads only the first 72 bytes: a longer password would open with its first 72 alone */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG_MESSAGE = `La password può avere al massimo ${PASSWORD_MAX_BYTES} byte (72 caratteri senza accenti, meno con lettere accentate o simboli)`;
export function fitsBcrypt(password: string): boolean {
  return new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES;
}

export const RegistrationRequest = z.object({
  name: required('Inserisci il nome'),
  surname: required('Inserisci il cognome'),
  email: required('Inserisci l’email', 254).pipe(z.email('Email non valida')),
  // the password policy of every new password (rules/password-policy): 10 characters, not a common one, 72 bytes
  password: z
    .string({ error: 'Inserisci la password' })
    .min(1, 'Inserisci la password')
    .superRefine((value, ctx) => {
      const problem = passwordPolicyProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .prefault(''),
  phone: required('Inserisci il numero di telefono', 30).refine(isValidPhone, {
    message: 'Numero di telefono non valido: solo cifre e spazi, con il prefisso + se internazionale',
  }),
  taxcode: required('Inserisci il codice fiscale', 16)
    .transform((s) => s.toUpperCase())
    .refine(isValidCodiceFiscale, { message: 'Codice fiscale non valido: controlla i 16 caratteri' }),
  consent: z.preprocess(checked, z.literal(true, { error: 'Devi accettare l’informativa sulla privacy' })),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;

/** the personal fields of a patient account, sealed with the patient's key in UserRegistered */
export interface PatientPersonalData {
  name: string;
  surname: string;
  email: string;
  phone: string;
  taxcode: string;
}
