import { Injectable, Logger } from '@nestjs/common';
import { DoctorAddresses } from './login.ports';
import {
  practiceWallClock,
  INVITATION_HOURS,
  PASSWORD_RESET_MINUTES,
  SETUP_COMMAND,
  type ContactDetailsRequest,
  type ContactField,
  type DeactivationAnswer,
  type EventMetadata,
  type MyProfile,
  type OrphanedBooking,
  type Role,
  type SessionUser,
  type SetupStatus,
  type StaffInvitationRequest,
  type StaffMember,
  type StaffNameRequest,
  userStreamName,
} from '@studio/contracts';
import type { UserDoc } from '../users';
import { randomUUID } from 'node:crypto';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { type Ports } from '../../../platform/kernel/ports';
import {
  UsersService,
  isActive,
  manyRoles,
  readAccountLinkToken,
  rolesOf,
  AcceptInvitation,
  ChangeContactDetails,
  ChangePassword,
  ChangeStaffRoles,
  ConfirmEmail,
  DeactivateAccount,
  InviteStaff,
  ReactivateAccount,
  RequestEmailConfirmation,
  RequestPasswordReset,
  ResetPassword,
} from '../users';
import { AccountSessions } from '../../../platform/auth/account-sessions';
import { bookingsReadModel } from '../../scheduling/booking';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

const forgedLink = (purpose: 'invitation' | 'password_reset') =>
  purpose === 'invitation'
    ? new AppError(410, 'invito_non_valido', 'Questo invito non è valido: chiedi alla segreteria di inviarne uno nuovo.')
    : new AppError(410, 'link_non_valido', 'Questo link non è valido o è già stato usato: chiedi un nuovo link da "Password dimenticata?".');

/** statuses of a visit that still takes the doctor's time */
const LIVE_BOOKINGS = new Set(['held', 'confirmed']);

/**
 * Staff accounts, passwords and the profile, as commands on the account's stream (users' decider). Ending sessions
 * is this feature's: a deactivated, reset or re-roled account's sessions and sockets end at once.
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('Account');

  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly sessions: AccountSessions,
    private readonly doctorAddresses: DoctorAddresses,
  ) {
    this.readModels = kernel.readModels;
  }

  private async settle(position: number | null): Promise<void> {
    if (position) await this.kernel.changes.waitFor(position);
  }

  async setupStatus(): Promise<SetupStatus> {
    const staff = await this.users.listStaff();
    return { needsSetup: staff.length === 0, command: SETUP_COMMAND };
  }

  async member(user: UserDoc): Promise<StaffMember> {
    const personal = await this.users.openPersonal(user);
    return {
      id: user.id,
      name: personal ? `${personal.name} ${personal.surname}` : 'Utente cancellato',
      email: personal?.email ?? '',
      roles: rolesOf(user),
      status: user.status ?? 'active',
      invitationExpiresAt: user.status === 'invited' ? (user.invitationExpiresAt ?? null) : null,
    };
  }

  async listStaff(): Promise<StaffMember[]> {
    const members = await Promise.all((await this.users.listStaff()).map((u) => this.member(u)));
    return members.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  private async staffMember(id: string): Promise<UserDoc> {
    const user = await this.users.get(id);
    if (!user || !rolesOf(user).some((r) => r !== 'patient')) throw new NotFoundError('Account del personale non trovato.', 'personale_non_trovato');
    return user;
  }

  async invite(input: StaffInvitationRequest, metadata: EventMetadata): Promise<StaffMember> {
    const emailTaken = () => new ConflictError('Esiste già un account con questa email.', 'email_esistente');
    // answers at once for the accounts in the read model, the demo ones too (the seed makes them without a claim)
    if (await this.users.emailTaken(input.email)) throw emailTaken();
    const userId = randomUUID();
    // the guarantee: of concurrent invitations and registrations for one address only one claim is appended
    if (!(await this.users.claimEmail(input.email, userId, metadata))) throw emailTaken();
    const expiresAt = new Date(this.kernel.clock.now().getTime() + INVITATION_HOURS * 3_600_000).toISOString();
    const { position } = await this.kernel.commands.execute(
      new InviteStaff(
        userStreamName(userId),
        {
          type: 'InviteStaff',
          userId,
          invitationId: randomUUID(),
          roles: [input.role],
          emailHash: this.users.lookupHash(input.email),
          personal: await this.users.seal(userId, { name: input.name, surname: input.surname, email: input.email.trim() }),
          expiresAt,
          invitedBy: metadata.userId,
        },
        metadata,
      ),
    );
    await this.settle(position);
    return this.member((await this.users.get(userId))!);
  }

  /** the invited person chooses a password: answers the session user to log in */
  async acceptInvitation(token: string, password: string, metadataFor: (user: SessionUser) => EventMetadata): Promise<SessionUser> {
    const link = readAccountLinkToken(this.kernel.config.sessionSecret, 'invitation', token);
    if (!link) throw forgedLink('invitation');
    const user = await this.users.get(link.userId);
    if (!user) throw forgedLink('invitation');
    const sessionUser = await this.sessionUser(user);
    const { position } = await this.kernel.commands.execute(
      new AcceptInvitation(
        userStreamName(link.userId),
        {
          type: 'AcceptInvitation',
          invitationId: link.linkId,
          passwordHash: await this.users.hashPassword(password),
          now: this.kernel.clock.now().toISOString(),
        },
        metadataFor(sessionUser),
      ),
    );
    await this.settle(position);
    return sessionUser;
  }

  async sessionUser(user: UserDoc): Promise<SessionUser> {
    return { id: user.id, role: user.role, name: await this.users.displayName(user), ...manyRoles(user) };
  }

  /** other active administrators than this account: the last one is never removed */
  private async otherActiveAdmins(userId: string): Promise<number> {
    return (await this.users.listStaff()).filter((u) => u.id !== userId && isActive(u) && rolesOf(u).includes('admin')).length;
  }

  async changeRoles(id: string, roles: Role[], metadata: EventMetadata): Promise<StaffMember> {
    await this.staffMember(id);
    const { position, events } = await this.kernel.commands.execute(
      new ChangeStaffRoles(
        userStreamName(id),
        { type: 'ChangeStaffRoles', roles, changedBy: metadata.userId, otherActiveAdmins: await this.otherActiveAdmins(id) },
        metadata,
      ),
    );
    // their sessions carry the old roles: they log in again with the new ones
    if (events.length > 0) await this.sessions.end(id);
    await this.settle(position);
    return this.member(await this.staffMember(id));
  }

  async deactivate(id: string, metadata: EventMetadata): Promise<DeactivationAnswer> {
    await this.staffMember(id);
    const command: DeactivateAccount['command'] = {
      type: 'DeactivateAccount',
      by: metadata.userId,
      now: this.kernel.clock.now().toISOString(),
      otherActiveAdmins: await this.otherActiveAdmins(id),
    };
    const { position } = await this.kernel.commands.execute(new DeactivateAccount(userStreamName(id), command, metadata));
    await this.sessions.end(id);
    await this.settle(position);
    const user = await this.staffMember(id);
    return { member: await this.member(user), futureBookings: user.role === 'doctor' ? await this.futureBookings(id) : [] };
  }

  async reactivate(id: string, metadata: EventMetadata): Promise<StaffMember> {
    await this.staffMember(id);
    const { position } = await this.kernel.commands.execute(
      new ReactivateAccount(userStreamName(id), { type: 'ReactivateAccount', by: metadata.userId, now: this.kernel.clock.now().toISOString() }, metadata),
    );
    await this.settle(position);
    return this.member(await this.staffMember(id));
  }

  /** a doctor's visits from now on that still take their time: the administrator moves or cancels them */
  async futureBookings(doctorId: string): Promise<OrphanedBooking[]> {
    // slots are the practice's wall-clock times written as UTC strings: compared as such
    const now = new Date(practiceWallClock(this.kernel.clock.now().getTime(), this.kernel.config.practiceTimeZone)).toISOString();
    const rows = await bookingsReadModel.find(this.readModels, { doctor_id: doctorId, start: { gte: now.slice(0, 16) } });
    const live = rows.map((r) => r.doc).filter((b) => LIVE_BOOKINGS.has(b.status));
    const out = await Promise.all(
      live.map(async (b) => {
        const patient = await this.users.get(b.patientId);
        return { bookingId: b.id, start: b.start, end: b.end, status: b.status, patientName: patient ? await this.users.displayName(patient) : '' };
      }),
    );
    return out.sort((a, b) => a.start.localeCompare(b.start));
  }

  /**
   * "Password dimenticata?": decided after the answer, so a known and an unknown address answer alike and at
   * once; a known, active account gets a link valid PASSWORD_RESET_MINUTES.
   */
  requestPasswordReset(email: string, metadataFor: (user: SessionUser) => EventMetadata): void {
    void (async () => {
      const user = await this.users.findByEmail(email);
      if (!user || !isActive(user)) return;
      const expiresAt = new Date(this.kernel.clock.now().getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString();
      await this.kernel.commands.execute(
        new RequestPasswordReset(
          userStreamName(user.id),
          { type: 'RequestPasswordReset', resetId: randomUUID(), expiresAt },
          metadataFor(await this.sessionUser(user)),
        ),
      );
    })().catch((e: unknown) => this.logger.error(`Richiesta di nuova password non registrata: ${String(e)}`));
  }

  async resetPassword(token: string, password: string, metadataFor: (user: SessionUser) => EventMetadata): Promise<void> {
    const link = readAccountLinkToken(this.kernel.config.sessionSecret, 'password_reset', token);
    const user = link && (await this.users.get(link.userId));
    if (!link || !user) throw forgedLink('password_reset');
    const { position } = await this.kernel.commands.execute(
      new ResetPassword(
        userStreamName(link.userId),
        { type: 'ResetPassword', resetId: link.linkId, passwordHash: await this.users.hashPassword(password), now: this.kernel.clock.now().toISOString() },
        metadataFor(await this.sessionUser(user)),
      ),
    );
    await this.sessions.end(link.userId);
    await this.settle(position);
  }

  async changePassword(user: SessionUser, currentPassword: string, newPassword: string, sessionId: string, metadata: EventMetadata): Promise<void> {
    // counted before the check, so parallel guesses are refused too; the right password gives its point back
    await this.kernel.limits.passwordCheck.consume(`account:${user.id}`);
    const account = await this.users.get(user.id);
    if (!account || !(await this.users.passwordMatches(account, currentPassword)))
      throw new ValidationError('La password attuale non è corretta.', 'password_attuale_errata');
    await this.kernel.limits.passwordCheck.giveBack(`account:${user.id}`);
    const { position } = await this.kernel.commands.execute(
      new ChangePassword(
        userStreamName(user.id),
        { type: 'ChangePassword', passwordHash: await this.users.hashPassword(newPassword), now: this.kernel.clock.now().toISOString() },
        metadata,
      ),
    );
    await this.sessions.end(user.id, sessionId);
    await this.settle(position);
  }

  async profile(user: SessionUser): Promise<MyProfile> {
    const account = await this.users.get(user.id);
    const personal = account && (await this.users.openPersonal(account));
    if (!account || !personal) throw new NotFoundError('Account non trovato.', 'account_non_trovato');
    return {
      id: account.id,
      name: personal.name,
      surname: personal.surname,
      email: personal.email,
      phone: personal.phone ?? null,
      ...(account.role === 'patient' ? { taxcode: personal.taxcode ?? null } : {}),
      roles: rolesOf(account),
      activeRole: user.role,
      emailConfirmed: account.emailConfirmed !== false,
    };
  }

  /** "Il mio profilo": one's own name and phone; a doctor's name is refused by the decider unless the administrator acts */
  async changeContactDetails(user: SessionUser, input: ContactDetailsRequest, metadata: EventMetadata): Promise<MyProfile> {
    const account = await this.users.get(user.id);
    if (account?.role === 'patient' && !input.phone) throw new ValidationError('Inserisci il numero di telefono.', 'telefono_mancante');
    if (input.taxcode && account?.role !== 'patient')
      throw new ValidationError('Il codice fiscale nel profilo serve solo ai pazienti.', 'codice_fiscale_non_ammesso');
    const change = {
      name: input.name,
      surname: input.surname,
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.taxcode ? { taxcode: input.taxcode } : {}),
    };
    await this.changeDetails(user, user.id, change, metadata);
    return this.profile(user);
  }

  /** the administrator renames a member of staff (a doctor's name is part of their public identity): logged with who and what */
  async renameStaff(admin: SessionUser, id: string, input: StaffNameRequest, metadata: EventMetadata): Promise<StaffMember> {
    const member = await this.staffMember(id);
    if (rolesOf(member).includes('doctor')) await this.doctorAddresses.keep(admin, id, metadata);
    await this.changeDetails(admin, id, input, metadata);
    return this.member(await this.staffMember(id));
  }

  /** the account's details sealed again with `change` applied, and which of them differ */
  private async changeDetails(actor: SessionUser, id: string, change: Partial<Record<ContactField, string>>, metadata: EventMetadata): Promise<void> {
    const account = await this.users.get(id);
    const personal = account && (await this.users.openPersonal(account));
    if (!account || !personal) throw new NotFoundError('Account non trovato.', 'account_non_trovato');
    const next = { ...personal, ...change };
    const fields = (['name', 'surname', 'phone', 'taxcode'] as const).filter((f) => change[f] !== undefined && change[f] !== personal[f]);
    const { position } = await this.kernel.commands.execute(
      new ChangeContactDetails(
        userStreamName(id),
        { type: 'ChangeContactDetails', personal: await this.users.seal(id, next), by: actor.id, byAdmin: actor.role === 'admin', fields },
        metadata,
      ),
    );
    await this.settle(position);
  }

  /** the link of the confirmation email, followed: nothing to record when already confirmed */
  async confirmEmail(token: string, metadataFor: (user: SessionUser) => EventMetadata): Promise<void> {
    const link = readAccountLinkToken(this.kernel.config.sessionSecret, 'email_confirmation', token);
    const user = link && (await this.users.get(link.userId));
    if (!link || !user) throw new AppError(410, 'link_non_valido', 'Questo link di conferma non è valido: chiedine uno nuovo dal tuo profilo.');
    const { position } = await this.kernel.commands.execute(
      new ConfirmEmail(
        userStreamName(link.userId),
        { type: 'ConfirmEmail', requestId: link.linkId, now: this.kernel.clock.now().toISOString() },
        metadataFor(await this.sessionUser(user)),
      ),
    );
    await this.settle(position);
  }

  /** a new confirmation email, from the profile */
  async resendEmailConfirmation(user: SessionUser, metadata: EventMetadata): Promise<void> {
    // each one is a mail to an address the registrant chose: a few an hour, so the practice mails nobody in bulk
    await this.kernel.limits.emailConfirmation.consume(`account:${user.id}`);
    const { position } = await this.kernel.commands.execute(
      new RequestEmailConfirmation(userStreamName(user.id), { type: 'RequestEmailConfirmation', requestId: randomUUID() }, metadata),
    );
    await this.settle(position);
  }

  /** the role a session of a many-role account acts in; only one of the account's own */
  async rolesOfAccount(userId: string): Promise<Role[]> {
    const account = await this.users.get(userId);
    return account ? rolesOf(account) : [];
  }

  endOtherSessions(userId: string, keep?: string): Promise<number> {
    return this.sessions.end(userId, keep);
  }
}
