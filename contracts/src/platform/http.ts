import { z } from './zod-it';
import { Role } from '../accounts/events/user';
import { PASSWORD_TOO_LONG_MESSAGE, fitsBcrypt } from '../accounts/registration';

export const LoginRequest = z.object({
  email: z.string({ error: 'Inserisci l’email' }).trim().min(1, 'Inserisci l’email').email('Email non valida'),
  password: z.string({ error: 'Inserisci la password' }).min(1, 'Inserisci la password').refine(fitsBcrypt, PASSWORD_TOO_LONG_MESSAGE),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** `role`: the role the session acts in; `roles`: every role of the account (one account may be doctor and administrator) */
export const SessionUser = z.object({ id: z.string(), role: Role, name: z.string(), roles: z.array(Role).optional() });
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = z.object({ user: SessionUser.nullable(), csrfToken: z.string() });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** GET /api/practice: who the practice is, for the page frame and the booking page (public) */
export const PracticeInfo = z.object({
  name: z.string(),
  /** an image URL of the app's own origin (the uploaded logo, or /logo.svg) */
  logoUrl: z.string(),
  /** the specialty of a doctor who has not set their own */
  specialty: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** the data controller (titolare del trattamento) named in the privacy notice */
  dataController: z.string(),
  /** the length of a visit: one slot */
  visitMinutes: z.number().int().positive(),
  /** the practice's IANA zone: slots are its wall-clock times (is a slot past?) */
  timeZone: z.string(),
});
export type PracticeInfo = z.infer<typeof PracticeInfo>;

/** `slug`: the address of the doctor's public page, `/medici/<slug>` */
export const DoctorSummary = z.object({ id: z.string(), name: z.string(), slug: z.string(), startHour: z.number(), endHour: z.number() });
export type DoctorSummary = z.infer<typeof DoctorSummary>;
