import { Injectable } from '@nestjs/common';
import {
  type DoctorSummary,
  type EventMetadata,
  PASSWORD_TOO_LONG_MESSAGE,
  type Role,
  type Sealed,
  type WorkingHours,
  emailClaimStreamName,
  doctorSlugs,
  fitsBcrypt,
  userStreamName,
} from '@studio/contracts';
import type { UserDoc } from './users.projection';
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { type Ports } from '../../../platform/kernel/ports';
import { userDecider } from './user.decider';
import { ClaimEmail, RegisterUser, SetWorkingHours } from './users.commands';
import { readState } from '../../../platform/event-store/command-handler';
import { emailClaimDecider } from './email-claim.decider';
import { usersReadModel } from './read-models';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { readChosenSlugs } from '../../../platform/config/practice-settings';

export interface PersonalName {
  name: string;
  surname: string;
  email: string;
}

const BCRYPT_COST = 10;

/** an account that can log in: not invited, not deactivated, not erased (documents before statuses existed are active) */
export const isActive = (user: UserDoc): boolean => (user.status ?? 'active') === 'active' && !user.erased;
/** every role of the account (documents before roles existed have one) */
export const rolesOf = (user: UserDoc): Role[] => user.roles ?? [user.role];
/** the session's `roles`, only for an account with more than one (a one-role session stays `{id, role, name}`) */
export const manyRoles = (user: UserDoc): { roles?: Role[] } => (rolesOf(user).length > 1 ? { roles: rolesOf(user) } : {});
/** compared against when the email is unknown, so a miss costs as much as a hit */
const DUMMY_HASH = bcrypt.hashSync('utente-inesistente', BCRYPT_COST);

@Injectable()
export class UsersService {
  private readonly readModels: Ports['readModels'];

  constructor(private readonly kernel: KernelPorts) {
    this.readModels = kernel.readModels;
  }

  /** the address's claim in the log, and its holder when that holder was erased (then the address is free again) */
  private async claimOf(email: string) {
    const emailHash = this.kernel.personalData.lookupHash(email);
    const stream = emailClaimStreamName(emailHash);
    const { state } = await readState(this.kernel.eventStore, stream, emailClaimDecider);
    const holder = state.status === 'claimed' ? state.userId : null;
    const holderErased = holder !== null && (await readState(this.kernel.eventStore, userStreamName(holder), userDecider)).state.status === 'erased';
    return { emailHash, stream, erasedHolder: holderErased ? holder : null, heldByLive: holder !== null && !holderErased };
  }

  /**
   * Whether a new account may take the address, from its claim in the log alone: for setup, which runs no read model.
   * The accounts made without a claim (the demo seed's) come with staff accounts, and setup refuses those anyway.
   */
  async emailClaimable(email: string): Promise<boolean> {
    return !(await this.claimOf(email)).heldByLive;
  }

  /**
   * Claims the address for a new account (`email-<hash>`, email-claim.decider): false when it already belongs to an
   * account, or another request claimed it first. The one gate every new account passes (registration, invitation,
   * first administrator).
   */
  async claimEmail(email: string, userId: string, metadata: EventMetadata): Promise<boolean> {
    const { emailHash, stream, erasedHolder } = await this.claimOf(email);
    try {
      await this.kernel.commands.execute(new ClaimEmail(stream, { type: 'ClaimEmail', emailHash, userId, erasedHolder }, metadata));
      return true;
    } catch (error) {
      // the decider's refusal and a lost append (StaleRevisionError) alike: someone else holds the address
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  async register(
    input: {
      role: Role;
      email: string;
      password: string;
      name: string;
      surname: string;
      userId?: string;
      /** a self-registered patient's contact and tax code, sealed with the rest */
      phone?: string;
      taxcode?: string;
      consent?: { version: string; at: string };
    },
    metadata: EventMetadata,
  ): Promise<{ userId: string; position: number | null }> {
    // bcrypt would read only the first 72 bytes: refuse rather than silently cut
    if (!fitsBcrypt(input.password)) throw new ValidationError(`${PASSWORD_TOO_LONG_MESSAGE}.`, 'password_troppo_lunga');
    const userId = input.userId ?? randomUUID();
    const { name, surname, email, phone, taxcode } = input;
    // undefined fields (staff accounts have no phone or tax code) are left out of the sealed JSON
    const personal = await this.kernel.personalData.seal(userId, { name, surname, email, phone, taxcode });
    const result = await this.kernel.commands.execute(
      new RegisterUser(
        userStreamName(userId),
        {
          type: 'RegisterUser',
          userId,
          role: input.role,
          // a patient created at the desk without an email has a hash no address gives: no login, no reset, until one is set
          emailHash: this.kernel.personalData.lookupHash(input.email || `senza-email:${userId}`),
          passwordHash: await bcrypt.hash(input.password, BCRYPT_COST),
          personal,
          consent: input.consent,
          // a self-registered patient (who accepts the notice) confirms the address through a link
          emailConfirmationId: input.consent ? randomUUID() : undefined,
        },
        metadata,
      ),
    );
    return { userId, position: result.position };
  }

  async setWorkingHours(doctorId: string, hours: WorkingHours, metadata: EventMetadata): Promise<number | null> {
    const result = await this.kernel.commands.execute(new SetWorkingHours(userStreamName(doctorId), { type: 'SetWorkingHours', doctorId, hours }, metadata));
    return result.position;
  }

  /** null for an unknown email, a wrong password, an invited or deactivated account, after the same amount of work */
  async verifyCredentials(email: string, password: string): Promise<UserDoc | null> {
    const [found] = await usersReadModel.find(this.readModels, { email_hash: this.kernel.personalData.lookupHash(email) }, { limit: 1 });
    const ok = await bcrypt.compare(password, found?.doc.passwordHash || DUMMY_HASH);
    // a password past 72 bytes never matches (bcrypt compared only its prefix)
    return found && ok && fitsBcrypt(password) && isActive(found.doc) ? found.doc : null;
  }

  /** the same check on an account already known (the profile's current password) */
  async passwordMatches(user: UserDoc, password: string): Promise<boolean> {
    const ok = await bcrypt.compare(password, user.passwordHash || DUMMY_HASH);
    return ok && fitsBcrypt(password) && user.passwordHash !== '';
  }

  hashPassword(password: string): Promise<string> {
    return bcrypt.hash(password, BCRYPT_COST);
  }

  /** the account behind an email, whatever its state */
  async findByEmail(email: string): Promise<UserDoc | null> {
    const [found] = await usersReadModel.find(this.readModels, { email_hash: this.kernel.personalData.lookupHash(email) }, { limit: 1 });
    return found?.doc ?? null;
  }

  /** every account that is not only a patient's */
  async listStaff(): Promise<UserDoc[]> {
    return (await usersReadModel.find(this.readModels, { staff: 'yes' })).map((r) => r.doc);
  }

  async openPersonal<T = PersonalName & { phone?: string; taxcode?: string }>(user: UserDoc): Promise<T | null> {
    return user.personal ? this.kernel.personalData.open<T>(user.personal) : null;
  }

  seal(userId: string, personal: Record<string, string | undefined>): Promise<Sealed> {
    return this.kernel.personalData.seal(userId, personal);
  }

  lookupHash(email: string): string {
    return this.kernel.personalData.lookupHash(email);
  }

  async get(userId: string): Promise<UserDoc | null> {
    return (await usersReadModel.get(this.readModels, userId))?.doc ?? null;
  }

  async getDoctor(doctorId: string): Promise<UserDoc> {
    const user = await this.get(doctorId);
    if (!user || user.role !== 'doctor') throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
    return user;
  }

  /** a doctor a visitor may choose: active (not invited, not deactivated) */
  async getBookableDoctor(doctorId: string): Promise<UserDoc> {
    const user = await this.getDoctor(doctorId);
    if (!isActive(user)) throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
    return user;
  }

  async displayName(user: UserDoc): Promise<string> {
    return (await this.nameAndEmail(user)).name;
  }

  /** the name to show and the email (for the staff's patient searches); an erased account has no email */
  async nameAndEmail(user: UserDoc): Promise<{ name: string; email: string | null }> {
    const personal = user.personal ? await this.kernel.personalData.open<PersonalName>(user.personal) : null;
    return personal ? { name: `${personal.name} ${personal.surname}`, email: personal.email } : { name: 'Utente cancellato', email: null };
  }

  async doctorSummary(user: UserDoc): Promise<DoctorSummary> {
    const slug = (await this.doctorSlugs()).get(user.id) ?? '';
    return { id: user.id, name: await this.displayName(user), slug, startHour: user.startHour, endHour: user.endHour };
  }

  /**
   * Every doctor's page address, deactivated ones included (their page answers 410, so their address stays theirs):
   * the administrator's choice, or the name's (contracts' doctorSlugs).
   */
  async doctorSlugs(): Promise<Map<string, string>> {
    const doctors = await usersReadModel.find(this.readModels, { role: 'doctor' });
    const named = await Promise.all(doctors.map(async (d) => ({ id: d.doc.id, name: await this.displayName(d.doc) })));
    return doctorSlugs(named, await readChosenSlugs(this.readModels));
  }

  async listDoctors(): Promise<DoctorSummary[]> {
    const doctors = (await usersReadModel.find(this.readModels, { role: 'doctor' })).filter((d) => isActive(d.doc));
    const slugs = await this.doctorSlugs();
    const summaries = await Promise.all(
      doctors.map(async (d) => ({
        id: d.doc.id,
        name: await this.displayName(d.doc),
        slug: slugs.get(d.doc.id) ?? '',
        startHour: d.doc.startHour,
        endHour: d.doc.endHour,
      })),
    );
    return summaries.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async emailTaken(email: string): Promise<boolean> {
    const found = await usersReadModel.find(this.readModels, { email_hash: this.kernel.personalData.lookupHash(email) }, { limit: 1 });
    return found.length > 0;
  }
}
