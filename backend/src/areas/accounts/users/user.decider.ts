import { type ContactField, DOCTOR_IDENTITY_BY_ADMIN_MESSAGE, type EventData, type Role, type Sealed, type WorkingHours } from '@studio/contracts';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';

/** One stream per account: `user-<id>`. */
export type UserEvent =
  | { type: 'UserRegistered'; data: EventData<'UserRegistered'> }
  | { type: 'WorkingHoursSet'; data: EventData<'WorkingHoursSet'> }
  | { type: 'ConsentRecorded'; data: EventData<'ConsentRecorded'> }
  | { type: 'PersonalDataErased'; data: EventData<'PersonalDataErased'> }
  | { type: 'StaffInvited'; data: EventData<'StaffInvited'> }
  | { type: 'InvitationAccepted'; data: EventData<'InvitationAccepted'> }
  | { type: 'StaffRolesChanged'; data: EventData<'StaffRolesChanged'> }
  | { type: 'AccountDeactivated'; data: EventData<'AccountDeactivated'> }
  | { type: 'AccountReactivated'; data: EventData<'AccountReactivated'> }
  | { type: 'PasswordResetRequested'; data: EventData<'PasswordResetRequested'> }
  | { type: 'PasswordChanged'; data: EventData<'PasswordChanged'> }
  | { type: 'ContactDetailsChanged'; data: EventData<'ContactDetailsChanged'> }
  | { type: 'EmailConfirmationRequested'; data: EventData<'EmailConfirmationRequested'> }
  | { type: 'EmailConfirmed'; data: EventData<'EmailConfirmed'> };

/** an account: invited (no password yet), registered (can log in unless deactivated), erased */
export type UserState =
  | { status: 'none' }
  | {
      status: 'invited' | 'registered' | 'erased';
      userId: string;
      /** the primary role (a doctor who is also administrator is a doctor here) */
      role: Role;
      roles: Role[];
      active: boolean;
      invitation: { id: string; expiresAt: string; used: boolean } | null;
      /** password resets asked for and not yet used, by id */
      resets: Record<string, string>;
      /** the address: confirmed (accounts never asked are), or the confirmation links sent */
      email: { confirmed: boolean; requests: string[] };
    };

type Account = Exclude<UserState, { status: 'none' }>;

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      role: Role;
      emailHash: string;
      passwordHash: string;
      personal: Sealed;
      /** a self-registering patient accepts the privacy notice: recorded with the account, in one append */
      consent?: { version: string; at: string };
      /** a self-registering patient confirms the address through a link with this id */
      emailConfirmationId?: string;
    }
  | { type: 'SetWorkingHours'; doctorId: string; hours: WorkingHours }
  /** the right to erasure (audit): recorded here, then the person's key is destroyed */
  | { type: 'ErasePatient'; patientId: string; erasedBy: string; erasedByRole: string }
  | {
      type: 'InviteStaff';
      userId: string;
      invitationId: string;
      roles: Role[];
      emailHash: string;
      personal: Sealed;
      expiresAt: string;
      invitedBy: string;
    }
  | { type: 'AcceptInvitation'; invitationId: string; passwordHash: string; now: string }
  /** `otherActiveAdmins`: active administrators besides this account, read by the caller */
  | { type: 'ChangeStaffRoles'; roles: Role[]; changedBy: string; otherActiveAdmins: number }
  | { type: 'DeactivateAccount'; by: string; now: string; otherActiveAdmins: number }
  | { type: 'ReactivateAccount'; by: string; now: string }
  | { type: 'RequestPasswordReset'; resetId: string; expiresAt: string }
  | { type: 'ResetPassword'; resetId: string; passwordHash: string; now: string }
  | { type: 'ChangePassword'; passwordHash: string; now: string }
  /**
   * `fields`: what differs from the details now (read by the caller, who opens them); `byAdmin`: the change is the
   * administrator's (a doctor's name is theirs alone to change)
   */
  | { type: 'ChangeContactDetails'; personal: Sealed; by: string; byAdmin: boolean; fields: ContactField[] }
  | { type: 'RequestEmailConfirmation'; requestId: string }
  | { type: 'ConfirmEmail'; requestId: string; now: string };

const STAFF_ROLES: Role[] = ['doctor', 'admin', 'auditor'];

/** the role an account acts in by default: doctor first, so an owner who is also administrator stays bookable */
export function primaryRole(roles: Role[]): Role {
  return (['doctor', 'admin', 'auditor', 'patient'] as Role[]).find((r) => roles.includes(r)) ?? roles[0];
}

export const initialState = (): UserState => ({ status: 'none' });

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'registered',
        userId: event.data.userId,
        role: event.data.role,
        roles: [event.data.role],
        active: true,
        invitation: null,
        resets: {},
        email: { confirmed: true, requests: [] },
      };
    case 'StaffInvited':
      return {
        status: 'invited',
        userId: event.data.userId,
        role: primaryRole(event.data.roles),
        roles: event.data.roles,
        active: true,
        invitation: { id: event.data.invitationId, expiresAt: event.data.expiresAt, used: false },
        resets: {},
        // the invitation's link, followed, proves the address
        email: { confirmed: true, requests: [] },
      };
    case 'PersonalDataErased':
      return state.status === 'none' ? state : { ...state, status: 'erased' };
    case 'WorkingHoursSet':
    case 'ConsentRecorded':
    case 'ContactDetailsChanged':
      return state;
    case 'InvitationAccepted':
      return state.status === 'none' ? state : { ...state, status: 'registered', invitation: state.invitation && { ...state.invitation, used: true } };
    case 'StaffRolesChanged':
      return state.status === 'none' ? state : { ...state, roles: event.data.roles, role: primaryRole(event.data.roles) };
    case 'AccountDeactivated':
      return state.status === 'none' ? state : { ...state, active: false };
    case 'AccountReactivated':
      return state.status === 'none' ? state : { ...state, active: true };
    case 'PasswordResetRequested':
      return state.status === 'none' ? state : { ...state, resets: { ...state.resets, [event.data.resetId]: event.data.expiresAt } };
    case 'PasswordChanged':
      // a new password, however set, makes every reset link asked for before it worthless
      return state.status === 'none' ? state : { ...state, resets: {} };
    case 'EmailConfirmationRequested':
      return state.status === 'none' ? state : { ...state, email: { confirmed: false, requests: [...state.email.requests, event.data.requestId] } };
    case 'EmailConfirmed':
      return state.status === 'none' ? state : { ...state, email: { confirmed: true, requests: [] } };
  }
}

const staffNotFound = () => new NotFoundError('Account del personale non trovato.', 'personale_non_trovato');
const invalidLink = (message: string, code: string) => new AppError(410, code, message);

/** the account, when it is a live one (not erased) */
function account(state: UserState): Account {
  if (state.status === 'none' || state.status === 'erased') throw new NotFoundError('Account non trovato.', 'account_non_trovato');
  return state;
}

function staff(state: UserState): Account {
  if (state.status === 'none' || state.status === 'erased' || state.role === 'patient') throw staffNotFound();
  return state;
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new ConflictError('Questo account esiste già.', 'account_esistente');
      const { userId, role, emailHash, passwordHash, personal, consent, emailConfirmationId } = command;
      const events: UserEvent[] = [{ type: 'UserRegistered', data: { userId, role, emailHash, passwordHash, personal } }];
      if (consent) events.push({ type: 'ConsentRecorded', data: { userId, document: 'privacy', version: consent.version, at: consent.at } });
      if (emailConfirmationId) events.push({ type: 'EmailConfirmationRequested', data: { userId, requestId: emailConfirmationId } });
      return events;
    }
    case 'SetWorkingHours': {
      if (state.status !== 'registered' || !state.roles.includes('doctor')) throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
      const { startHour, endHour } = command.hours;
      if (!Number.isInteger(startHour) || !Number.isInteger(endHour) || startHour < 0 || endHour > 24 || endHour <= startHour) {
        throw new ValidationError('Orario di lavoro non valido: ore intere, l’inizio prima della fine, tra 0 e 24.', 'orario_non_valido');
      }
      return [{ type: 'WorkingHoursSet', data: { doctorId: command.doctorId, startHour, endHour } }];
    }
    case 'ErasePatient': {
      if (state.status === 'none' || state.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
      if (state.status === 'erased') throw new ConflictError('Questo paziente è già stato cancellato.', 'gia_cancellato');
      return [{ type: 'PersonalDataErased', data: { userId: command.patientId, erasedBy: command.erasedBy, erasedByRole: command.erasedByRole } }];
    }
    case 'InviteStaff': {
      if (state.status !== 'none') throw new ConflictError('Questo account esiste già.', 'account_esistente');
      checkStaffRoles(command.roles);
      const { userId, invitationId, roles, emailHash, personal, expiresAt, invitedBy } = command;
      return [{ type: 'StaffInvited', data: { userId, invitationId, roles, emailHash, personal, expiresAt, invitedBy } }];
    }
    case 'AcceptInvitation': {
      if (state.status === 'none' || state.status === 'erased' || !state.invitation || state.invitation.id !== command.invitationId)
        throw invalidLink('Questo invito non è valido: chiedi alla segreteria di inviarne uno nuovo.', 'invito_non_valido');
      const invitation = state.invitation;
      if (invitation.used) throw invalidLink('Questo invito è già stato usato: accedi con la tua email e la password scelta.', 'invito_usato');
      if (command.now >= invitation.expiresAt) throw invalidLink('Questo invito è scaduto: chiedi alla segreteria di inviarne uno nuovo.', 'invito_scaduto');
      if (!state.active) throw new ForbiddenError('Questo account è stato disattivato.', 'account_disattivato');
      const { userId } = state;
      return [{ type: 'InvitationAccepted', data: { userId, invitationId: invitation.id, passwordHash: command.passwordHash, at: command.now } }];
    }
    case 'ChangeStaffRoles': {
      const s = staff(state);
      checkStaffRoles(command.roles);
      const roles = [...new Set(command.roles)];
      if (s.roles.includes('admin') && !roles.includes('admin') && s.active && command.otherActiveAdmins === 0) throw lastAdmin();
      if (roles.length === s.roles.length && roles.every((r) => s.roles.includes(r))) return [];
      return [{ type: 'StaffRolesChanged', data: { userId: s.userId, roles, changedBy: command.changedBy } }];
    }
    case 'DeactivateAccount': {
      const s = staff(state);
      if (!s.active) throw new ConflictError('Questo account è già disattivato.', 'gia_disattivato');
      if (s.roles.includes('admin') && command.otherActiveAdmins === 0) throw lastAdmin();
      return [{ type: 'AccountDeactivated', data: { userId: s.userId, by: command.by, at: command.now } }];
    }
    case 'ReactivateAccount': {
      const s = staff(state);
      if (s.active) throw new ConflictError('Questo account è già attivo.', 'gia_attivo');
      return [{ type: 'AccountReactivated', data: { userId: s.userId, by: command.by, at: command.now } }];
    }
    case 'RequestPasswordReset': {
      // an invited, deactivated or erased account gets no link: the answer to the visitor is the same anyway
      if (state.status !== 'registered' || !state.active) return [];
      return [{ type: 'PasswordResetRequested', data: { userId: state.userId, resetId: command.resetId, expiresAt: command.expiresAt } }];
    }
    case 'ResetPassword': {
      const expiresAt = state.status === 'registered' ? state.resets[command.resetId] : undefined;
      if (state.status !== 'registered' || !expiresAt)
        throw invalidLink('Questo link non è valido o è già stato usato: chiedi un nuovo link da "Password dimenticata?".', 'link_non_valido');
      if (command.now >= expiresAt) throw invalidLink('Questo link è scaduto: chiedi un nuovo link da "Password dimenticata?".', 'link_scaduto');
      if (!state.active) throw new ForbiddenError('Questo account è stato disattivato.', 'account_disattivato');
      return [{ type: 'PasswordChanged', data: { userId: state.userId, passwordHash: command.passwordHash, resetId: command.resetId, at: command.now } }];
    }
    case 'ChangePassword': {
      const s = account(state);
      if (s.status !== 'registered' || !s.active) throw new ForbiddenError('Questo account non può cambiare password.', 'account_disattivato');
      return [{ type: 'PasswordChanged', data: { userId: s.userId, passwordHash: command.passwordHash, resetId: null, at: command.now } }];
    }
    case 'ChangeContactDetails': {
      // one's own details, or (the administrator) a member of staff's
      const other = state.status !== 'none' && command.by !== state.userId;
      const s = other ? staff(state) : account(state);
      if (other && !command.byAdmin) throw staffNotFound();
      if (command.fields.length === 0) return [];
      const renames = command.fields.includes('name') || command.fields.includes('surname');
      if (renames && s.roles.includes('doctor') && !command.byAdmin) throw new ForbiddenError(DOCTOR_IDENTITY_BY_ADMIN_MESSAGE, 'identita_del_medico');
      return [{ type: 'ContactDetailsChanged', data: { userId: s.userId, personal: command.personal, by: command.by, fields: command.fields } }];
    }
    case 'RequestEmailConfirmation': {
      const s = account(state);
      if (s.email.confirmed) throw new ConflictError('Il tuo indirizzo email è già confermato.', 'email_gia_confermata');
      return [{ type: 'EmailConfirmationRequested', data: { userId: s.userId, requestId: command.requestId } }];
    }
    case 'ConfirmEmail': {
      if (state.status === 'none' || state.status === 'erased' || (!state.email.confirmed && !state.email.requests.includes(command.requestId)))
        throw invalidLink('Questo link di conferma non è valido: chiedine uno nuovo dal tuo profilo.', 'link_non_valido');
      // a link followed twice, or after another one: already confirmed, nothing to record
      if (state.email.confirmed) return [];
      return [{ type: 'EmailConfirmed', data: { userId: state.userId, requestId: command.requestId, at: command.now } }];
    }
  }
}

const lastAdmin = () =>
  new ConflictError('È l’ultimo account di segreteria attivo: invita o attiva un’altra persona con questo ruolo prima di toglierlo.', 'ultimo_amministratore');

function checkStaffRoles(roles: Role[]): void {
  if (roles.length === 0 || roles.some((r) => !STAFF_ROLES.includes(r)))
    throw new ValidationError('Ruolo non valido: medico, segreteria o revisore.', 'ruolo_non_valido');
}

export const userDecider = { initialState, evolve, decide };
