import type { Role, Sealed } from '@studio/contracts';
import { DEFAULT_WORKING_HOURS, STREAM_PREFIX } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** accounts: what login and role checks need; personal fields stay sealed */
export interface UserDoc {
  id: string;
  /** the primary role (doctor first): what every role check reads */
  role: Role;
  /** every role of the account (absent on documents written before roles existed: [role]) */
  roles?: Role[];
  /** invited (no password yet), active, deactivated (absent before: active) */
  status?: 'invited' | 'active' | 'deactivated';
  /** an invitation not yet accepted: when its link stops working */
  invitationExpiresAt?: string | null;
  emailHash: string;
  passwordHash: string;
  /** null once the person was erased (right to erasure): the read model keeps no trace of it */
  personal: Sealed | null;
  erased?: boolean;
  /** false while a self-registered patient has not followed the confirmation link (absent: confirmed or never asked) */
  emailConfirmed?: boolean;
  startHour: number;
  endHour: number;
}

/** the primary role of a set: doctor first, so an owner who is also administrator stays bookable */
const primary = (roles: Role[]): Role => (['doctor', 'admin', 'auditor', 'patient'] as Role[]).find((r) => roles.includes(r)) ?? roles[0];

type Handled =
  | 'UserRegistered'
  | 'WorkingHoursSet'
  | 'PersonalDataErased'
  | 'StaffInvited'
  | 'InvitationAccepted'
  | 'StaffRolesChanged'
  | 'AccountDeactivated'
  | 'AccountReactivated'
  | 'PasswordChanged'
  | 'ContactDetailsChanged'
  | 'EmailConfirmationRequested'
  | 'EmailConfirmed';

export const usersProjection: ProjectionDefinition<UserDoc, Handled> = {
  name: 'users',
  // 2: PersonalDataErased; 3: staff accounts, roles, status, passwords changed
  version: 3,
  streamPrefixes: [STREAM_PREFIX.user],
  eventTypes: [
    'UserRegistered',
    'WorkingHoursSet',
    'PersonalDataErased',
    'StaffInvited',
    'InvitationAccepted',
    'StaffRolesChanged',
    'AccountDeactivated',
    'AccountReactivated',
    'PasswordChanged',
    'ContactDetailsChanged',
    'EmailConfirmationRequested',
    'EmailConfirmed',
  ],
  documentId: (event) => (event.type === 'WorkingHoursSet' ? event.data.doctorId : event.data.userId),
  evolve(doc, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return {
          id: d.userId,
          role: d.role,
          roles: [d.role],
          status: 'active',
          invitationExpiresAt: null,
          emailHash: d.emailHash,
          passwordHash: d.passwordHash,
          personal: d.personal,
          startHour: DEFAULT_WORKING_HOURS.startHour,
          endHour: DEFAULT_WORKING_HOURS.endHour,
        };
      }
      case 'StaffInvited': {
        const d = event.data;
        return {
          id: d.userId,
          role: primary(d.roles),
          roles: d.roles,
          status: 'invited',
          invitationExpiresAt: d.expiresAt,
          emailHash: d.emailHash,
          // no password until the invitation is accepted: nothing matches an empty hash
          passwordHash: '',
          personal: d.personal,
          startHour: DEFAULT_WORKING_HOURS.startHour,
          endHour: DEFAULT_WORKING_HOURS.endHour,
        };
      }
      case 'InvitationAccepted':
        return (
          doc && { ...doc, status: doc.status === 'deactivated' ? 'deactivated' : 'active', invitationExpiresAt: null, passwordHash: event.data.passwordHash }
        );
      case 'StaffRolesChanged':
        return doc && { ...doc, roles: event.data.roles, role: primary(event.data.roles) };
      case 'AccountDeactivated':
        return doc && { ...doc, status: 'deactivated' };
      case 'AccountReactivated':
        return doc && { ...doc, status: doc.passwordHash ? 'active' : 'invited' };
      case 'PasswordChanged':
        return doc && { ...doc, passwordHash: event.data.passwordHash };
      case 'ContactDetailsChanged':
        return doc && (doc.erased ? doc : { ...doc, personal: event.data.personal });
      case 'EmailConfirmationRequested':
        return doc && { ...doc, emailConfirmed: false };
      case 'EmailConfirmed':
        return doc && { ...doc, emailConfirmed: true };
      case 'WorkingHoursSet':
        return doc && { ...doc, startHour: event.data.startHour, endHour: event.data.endHour };
      case 'PersonalDataErased':
        // the email's lookup hash goes too, so nobody can log in as (or be found as) the erased person
        return doc && { ...doc, personal: null, emailHash: '', passwordHash: '', erased: true };
      default:
        // a type outside eventTypes (the runner filters them; a direct fold may not)
        return doc;
    }
  },
  indexes: {
    role: { type: 'text', value: (d) => d.role },
    email_hash: { type: 'text', value: (d) => d.emailHash },
    /** 'yes' for every account that is not only a patient's: the staff list */
    staff: { type: 'text', value: (d) => ((d.roles ?? [d.role]).some((r) => r !== 'patient') ? 'yes' : 'no') },
  },
};
