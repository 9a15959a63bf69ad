import { z } from '../platform/zod-it';
import { isValidCodiceFiscale } from '../accounts/rules/codice-fiscale';
import { isValidPhone } from '../accounts/registration';
import { storedText } from '../platform/rules/plain-text';

// ---- the patients of the practice: created at the desk, listed for the doctor and the segreteria --------------

/** an empty optional field reads as absent */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * POST /api/patients (the segreteria or a doctor): a patient who phoned or came to the desk. The email lets them claim
 * the account later ("Password dimenticata?"); the codice fiscale can wait until a receipt needs it.
 */
export const NewPatientRequest = z.object({
  name: storedText({ label: 'Nome', kind: 'name', max: 100, tooLong: 'Testo troppo lungo', missing: 'Inserisci il nome' }).prefault(''),
  surname: storedText({ label: 'Cognome', kind: 'name', max: 100, tooLong: 'Testo troppo lungo', missing: 'Inserisci il cognome' }).prefault(''),
  phone: z
    .string({ error: 'Inserisci il numero di telefono' })
    .trim()
    .min(1, 'Inserisci il numero di telefono')
    .max(30, 'Testo troppo lungo')
    .refine(isValidPhone, { message: 'Numero di telefono non valido: solo cifre e spazi, con il prefisso + se internazionale' })
    .prefault(''),
  email: z.preprocess(blankToUndefined, z.string().trim().max(254, 'Testo troppo lungo').pipe(z.email('Email non valida')).optional()),
  taxcode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine(isValidCodiceFiscale, { message: 'Codice fiscale non valido: controlla i 16 caratteri' })
      .optional(),
  ),
});
export type NewPatientRequest = z.infer<typeof NewPatientRequest>;

/** GET /api/patients?q=: name, surname, codice fiscale or phone (at most 100 characters; empty: everyone allowed) */
export const PatientsQuery = z.object({ q: z.string().trim().max(100, 'Ricerca troppo lunga').optional() });

/** one patient of the list: next and last visit are the booking's start (UTC string) or null */
export const PatientListItem = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  birthDate: z.string().nullable(),
  phone: z.string(),
  nextVisit: z.string().nullable(),
  lastVisit: z.string().nullable(),
});
export type PatientListItem = z.infer<typeof PatientListItem>;

/** GET /api/patients/:id: the patient header of every patient screen (the list's fields and the email) */
export const PatientSummary = PatientListItem.extend({ email: z.string() });
export type PatientSummary = z.infer<typeof PatientSummary>;
