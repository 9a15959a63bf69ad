import { z } from '../platform/zod-it';
import { isValidCodiceFiscale } from './rules/codice-fiscale';
import { passwordPolicyProblem } from './rules/password-policy';
import { storedText } from '../platform/rules/plain-text';

/** version of the privacy notice a patient accepts at registration; bump it when the text changes */
export const PRIVACY_VERSION = '2026-01';

export const DUPLICATE_EMAIL_MESSAGE = 'Esiste già un account con questa email: accedi, oppure usa "Password dimenticata?" nella pagina di accesso.';

/** a required text field: a missing one reads as empty, so the user gets the field's own message */
const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, 'Testo troppo lungo').prefault('');

/** values a checkbox may arrive with: JSON true, or a form's 'on' / 'true' / '1' */
const checked = (v: unknown) => v === true || v === 'true' || v === 'on' || v === '1';

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
  name: storedText({ label: 'Nome', kind: 'name', max: 100, tooLong: 'Testo troppo lungo', missing: 'Inserisci il nome' }).prefault(''),
  surname: storedText({ label: 'Cognome', kind: 'name', max: 100, tooLong: 'Testo troppo lungo', missing: 'Inserisci il cognome' }).prefault(''),
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
  /** consent to reminders by SMS and by WhatsApp at the registration's number (CONTACT_CONSENT_WORDING); unticked: no */
  smsConsent: z.preprocess(checked, z.boolean()),
  whatsappConsent: z.preprocess(checked, z.boolean()),
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
