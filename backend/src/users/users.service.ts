import { CommandBus } from '@nestjs/cqrs';
import { Inject, Injectable } from '@nestjs/common';
import {
  type DoctorSummary,
  type EventMetadata,
  PASSWORD_TOO_LONG_MESSAGE,
  type Role,
  type Sealed,
  type WorkingHours,
  fitsBcrypt,
  userStreamName,
} from '@studio/contracts';
import type { UserDoc } from './users.projection';
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { NotFoundError, ValidationError } from '../common/errors';
import { READ_MODELS, PERSONAL_DATA } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { type UserCommand, userDecider } from './user.decider';
import { Decide } from '../event-store/decide.command';

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
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly readModels: Ports['readModels'],
    @Inject(PERSONAL_DATA) private readonly personalData: Ports['personalData'],
  ) {}

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
    const personal = await this.personalData.seal(userId, { name, surname, email, phone, taxcode });
    const result = await this.commands.execute(
      new Decide(
        userStreamName(userId),
        userDecider,
        {
          type: 'RegisterUser',
          userId,
          role: input.role,
          emailHash: this.personalData.lookupHash(input.email),
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
    const result = await this.commands.execute(new Decide(userStreamName(doctorId), userDecider, { type: 'SetWorkingHours', doctorId, hours }, metadata));
    return result.position;
  }

  /** null for an unknown email, a wrong password, an invited or deactivated account, after the same amount of work */
  async verifyCredentials(email: string, password: string): Promise<UserDoc | null> {
    const [found] = await this.readModels.find<UserDoc>('users', { email_hash: this.personalData.lookupHash(email) }, { limit: 1 });
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
    const [found] = await this.readModels.find<UserDoc>('users', { email_hash: this.personalData.lookupHash(email) }, { limit: 1 });
    return found?.doc ?? null;
  }

  /** every account that is not only a patient's */
  async listStaff(): Promise<UserDoc[]> {
    return (await this.readModels.find<UserDoc>('users', { staff: 'yes' })).map((r) => r.doc);
  }

  async openPersonal<T = PersonalName & { phone?: string; taxcode?: string }>(user: UserDoc): Promise<T | null> {
    return user.personal ? this.personalData.open<T>(user.personal) : null;
  }

  /** a command on the account's stream (user.decider), answered with what it appended */
  async decideOnAccount(userId: string, command: UserCommand, metadata: EventMetadata): Promise<{ position: number | null; events: { type: string }[] }> {
    const result = await this.commands.execute(new Decide(userStreamName(userId), userDecider, command, metadata));
    return { position: result.position, events: result.events };
  }

  seal(userId: string, personal: Record<string, string | undefined>): Promise<Sealed> {
    return this.personalData.seal(userId, personal);
  }

  lookupHash(email: string): string {
    return this.personalData.lookupHash(email);
  }

  async get(userId: string): Promise<UserDoc | null> {
    return (await this.readModels.get<UserDoc>('users', userId))?.doc ?? null;
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
    const personal = user.personal ? await this.personalData.open<PersonalName>(user.personal) : null;
    return personal ? { name: `${personal.name} ${personal.surname}`, email: personal.email } : { name: 'Utente cancellato', email: null };
  }

  async doctorSummary(user: UserDoc): Promise<DoctorSummary> {
    return { id: user.id, name: await this.displayName(user), startHour: user.startHour, endHour: user.endHour };
  }

  async listDoctors(): Promise<DoctorSummary[]> {
    const doctors = (await this.readModels.find<UserDoc>('users', { role: 'doctor' })).filter((d) => isActive(d.doc));
    const summaries = await Promise.all(doctors.map((d) => this.doctorSummary(d.doc)));
    return summaries.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async emailTaken(email: string): Promise<boolean> {
    const found = await this.readModels.find<UserDoc>('users', { email_hash: this.personalData.lookupHash(email) }, { limit: 1 });
    return found.length > 0;
  }
}
