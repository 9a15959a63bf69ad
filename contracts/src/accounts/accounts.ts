import { z } from '../platform/zod-it';
import { Role } from './events/user';
import { passwordPolicyProblem } from './rules/password-policy';
import { isValidCodiceFiscale } from './rules/codice-fiscale';
import { storedText } from '../platform/rules/plain-text';

/** Staff accounts, passwords and the profile: HTTP bodies and answers. */

export const StaffRole = z.enum(['doctor', 'admin', 'auditor'], { error: 'Ruolo non valido: medico, segreteria o revisore' });
export type StaffRole = z.infer<typeof StaffRole>;

/** how each role is called in the app */
export const ROLE_LABELS: Record<Role, string> = { patient: 'Paziente', doctor: 'Medico', admin: 'Segreteria', auditor: 'Revisore' };

/** an invitation's link is valid this long */
export const INVITATION_HOURS = 72;
/** a password reset's link is valid this long */
export const PASSWORD_RESET_MINUTES = 60;

const text = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, 'Testo troppo lungo').prefault('');
/** a person's name or surname as stored: the shared rule for names (rules/plain-text) */
const personName = (label: string, missing: string) => storedText({ label, kind: 'name', max: 100, tooLong: 'Testo troppo lungo', missing }).prefault('');
const email = text('Inserisci l’email', 254).pipe(z.email('Email non valida'));
/** a new password: the shared policy (length, not a common one), in Italian */
export const NewPassword = z
  .string({ error: 'Inserisci la password' })
  .superRefine((value, ctx) => {
    const problem = passwordPolicyProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .prefault('');
const token = z.string({ error: 'Link non valido' }).trim().min(1, 'Link non valido').max(200, 'Link non valido').prefault('');

export const StaffInvitationRequest = z.object({
  email,
  role: StaffRole,
  name: personName('Nome', 'Inserisci il nome'),
  surname: personName('Cognome', 'Inserisci il cognome'),
});
export type StaffInvitationRequest = z.infer<typeof StaffInvitationRequest>;

export const AcceptInvitationRequest = z.object({ token, password: NewPassword });
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

export const ForgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
/** the one answer to a forgotten password, whether the address is known or not */
export const FORGOT_PASSWORD_ANSWER = {
  message: 'Se l’indirizzo corrisponde a un account, riceverai a breve un’email con il link per scegliere una nuova password (valido 60 minuti).',
} as const;

export const ConfirmEmailRequest = z.object({ token });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

export const ResetPasswordRequest = z.object({ token, password: NewPassword });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Inserisci la password attuale' }).min(1, 'Inserisci la password attuale').max(200, 'Password non valida'),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ContactDetailsRequest = z.object({
  name: personName('Nome', 'Inserisci il nome'),
  surname: personName('Cognome', 'Inserisci il cognome'),
  /** optional for staff; a patient keeps one */
  phone: storedText({ label: 'Telefono', kind: 'line', max: 30, tooLong: 'Testo troppo lungo' }).optional(),
  /** a patient's codice fiscale, for the receipts (empty: left as it is) */
  taxcode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine(isValidCodiceFiscale, { message: 'Codice fiscale non valido: controlla i 16 caratteri' })
      .optional(),
  ),
});
export type ContactDetailsRequest = z.infer<typeof ContactDetailsRequest>;
/** which contact details a change touched (recorded with it) */
export type ContactField = 'name' | 'surname' | 'phone' | 'taxcode';

/** PUT /api/staff/:id/name (administrator): a member of staff's name, for a doctor part of their public identity */
export const StaffNameRequest = ContactDetailsRequest.pick({ name: true, surname: true });
export type StaffNameRequest = z.infer<typeof StaffNameRequest>;
/** a doctor's public identity (name, title, register number) is the administrator's to change, and each change is logged */
export const DOCTOR_IDENTITY_BY_ADMIN_MESSAGE =
  'Nome, titolo e numero d’iscrizione all’albo di un medico li cambia l’amministrazione dello studio: chiedi alla segreteria.';

export const StaffRolesRequest = z.object({ roles: z.array(StaffRole).min(1, 'Scegli almeno un ruolo').max(3) });
export type StaffRolesRequest = z.infer<typeof StaffRolesRequest>;

/** an account with several roles acts in one at a time: the session's role */
export const ActiveRoleRequest = z.object({ role: Role });
export type ActiveRoleRequest = z.infer<typeof ActiveRoleRequest>;

export const StaffStatus = z.enum(['invited', 'active', 'deactivated']);
export type StaffStatus = z.infer<typeof StaffStatus>;
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = { invited: 'Invitato', active: 'Attivo', deactivated: 'Disattivato' };

export const StaffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(Role),
  status: StaffStatus,
  /** an invitation not yet accepted: when its link stops working */
  invitationExpiresAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** a future visit of a deactivated doctor: the administrator moves or cancels it (nothing is cancelled by itself) */
export const OrphanedBooking = z.object({ bookingId: z.string(), start: z.string(), end: z.string(), status: z.string(), patientName: z.string() });
export type OrphanedBooking = z.infer<typeof OrphanedBooking>;
export const DeactivationAnswer = z.object({ member: StaffMember, futureBookings: z.array(OrphanedBooking) });
export type DeactivationAnswer = z.infer<typeof DeactivationAnswer>;

/** GET /api/auth/setup-status (public): no staff account yet, and how to create the first */
export const SetupStatus = z.object({ needsSetup: z.boolean(), command: z.string() });
export type SetupStatus = z.infer<typeof SetupStatus>;
export const SETUP_COMMAND = 'npm run setup -- --email EMAIL --password PASSWORD --name NOME --surname COGNOME';

export const MyProfile = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** a patient's codice fiscale as the receipts use it (null: not given yet; staff: absent) */
  taxcode: z.string().nullable().optional(),
  roles: z.array(Role),
  activeRole: Role,
  /** false until the address is confirmed through the emailed link (staff and older accounts: true) */
  emailConfirmed: z.boolean(),
});
export type MyProfile = z.infer<typeof MyProfile>;
