import { z } from '../../platform/zod-it';
import { STREAM_PREFIX } from '../../platform/streams';
import { Sealed } from '../../platform/sealed';

/** Events of the account's stream `user-<id>`: registration, working hours, consent, staff invitations, roles, passwords, contact details. */

export const Role = z.enum(['patient', 'doctor', 'admin', 'auditor']);
export type Role = z.infer<typeof Role>;

export const UserRegistered = z.object({
  userId: z.string(),
  role: Role,
  /** keyed hash of the lower-cased email: lets login find the account without the email in clear */
  emailHash: z.string(),
  passwordHash: z.string(),
  /** {name, surname, email} sealed with the user's key; a registered patient's also holds phone and taxcode */
  personal: Sealed,
});
export const WorkingHoursSet = z.object({ doctorId: z.string(), startHour: z.number().int(), endHour: z.number().int() });
/** on the user stream: which privacy notice the person accepted, and when */
export const ConsentRecorded = z.object({ userId: z.string(), document: z.literal('privacy'), version: z.string(), at: z.string() });

/**
 * Staff accounts and passwords, on the account's stream `user-<id>`. Tokens never enter the log: an invitation's or a
 * reset's link carries `<id>.<HMAC of the id>` (server secret), so only its id and expiry are recorded here.
 */
export const StaffInvited = z.object({
  userId: z.string(),
  invitationId: z.string(),
  roles: z.array(Role).min(1),
  emailHash: z.string(),
  /** {name, surname, email} sealed with the person's key */
  personal: Sealed,
  expiresAt: z.string(),
  invitedBy: z.string(),
});
/** the invited person chose a password: the account is active */
export const InvitationAccepted = z.object({ userId: z.string(), invitationId: z.string(), passwordHash: z.string(), at: z.string() });
export const StaffRolesChanged = z.object({ userId: z.string(), roles: z.array(Role).min(1), changedBy: z.string() });
export const AccountDeactivated = z.object({ userId: z.string(), by: z.string(), at: z.string() });
export const AccountReactivated = z.object({ userId: z.string(), by: z.string(), at: z.string() });
export const PasswordResetRequested = z.object({ userId: z.string(), resetId: z.string(), expiresAt: z.string() });
/** through a reset link (resetId) or from the profile with the current password (resetId null) */
export const PasswordChanged = z.object({ userId: z.string(), passwordHash: z.string(), resetId: z.string().nullable(), at: z.string() });
/**
 * the contact details, sealed again with the person's key (email unchanged: it is the login): by the person, or a member
 * of staff's name by the administrator. `by` and `fields` say who changed which (absent on events written before).
 */
export const ContactDetailsChanged = z.object({
  userId: z.string(),
  personal: Sealed,
  by: z.string().optional(),
  fields: z.array(z.enum(['name', 'surname', 'phone', 'taxcode'])).optional(),
});
/** a self-registered patient is asked to confirm the address through a link (`requestId` is the link's id) */
export const EmailConfirmationRequested = z.object({ userId: z.string(), requestId: z.string() });
export const EmailConfirmed = z.object({ userId: z.string(), requestId: z.string(), at: z.string() });

export function userStreamName(userId: string): string {
  return `${STREAM_PREFIX.user}${userId}`;
}

/** this stream's events, for the catalogue (./index.ts) */
export const UserEventSchemas = {
  UserRegistered,
  WorkingHoursSet,
  ConsentRecorded,
  StaffInvited,
  InvitationAccepted,
  StaffRolesChanged,
  AccountDeactivated,
  AccountReactivated,
  PasswordResetRequested,
  PasswordChanged,
  ContactDetailsChanged,
  EmailConfirmationRequested,
  EmailConfirmed,
} as const;
