import { CommandBus } from '@nestjs/cqrs';
import { Inject, Injectable } from '@nestjs/common';
import { type DoctorSummary, type EventMetadata, PASSWORD_TOO_LONG_MESSAGE, type Role, type WorkingHours, fitsBcrypt, userStreamName } from '@studio/contracts';
import type { UserDoc } from '@studio/projections';
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { NotFoundError, ValidationError } from '../common/errors';
import { READ_MODELS, PERSONAL_DATA, type Core } from '../infrastructure/core';
import { userDecider } from './user.decider';
import { Decide } from '../event-store/decide.command';

export interface PersonalName {
  name: string;
  surname: string;
  email: string;
}

const BCRYPT_COST = 10;
/** compared against when the email is unknown, so a miss costs as much as a hit */
const DUMMY_HASH = bcrypt.hashSync('utente-inesistente', BCRYPT_COST);

@Injectable()
export class UsersService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly readModels: Core['readModels'],
    @Inject(PERSONAL_DATA) private readonly personalData: Core['personalData'],
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

  /** null for an unknown email or a wrong password, after the same amount of work */
  async verifyCredentials(email: string, password: string): Promise<UserDoc | null> {
    const [found] = await this.readModels.find<UserDoc>('users', { email_hash: this.personalData.lookupHash(email) }, { limit: 1 });
    const ok = await bcrypt.compare(password, found?.doc.passwordHash ?? DUMMY_HASH);
    // a password past 72 bytes never matches (bcrypt compared only its prefix)
    return found && ok && fitsBcrypt(password) ? found.doc : null;
  }

  async get(userId: string): Promise<UserDoc | null> {
    return (await this.readModels.get<UserDoc>('users', userId))?.doc ?? null;
  }

  async getDoctor(doctorId: string): Promise<UserDoc> {
    const user = await this.get(doctorId);
    if (!user || user.role !== 'doctor') throw new NotFoundError('Medico non trovato.', 'medico_non_trovato');
    return user;
  }

  async displayName(user: UserDoc): Promise<string> {
    const personal = user.personal ? await this.personalData.open<PersonalName>(user.personal) : null;
    return personal ? `${personal.name} ${personal.surname}` : 'Utente cancellato';
  }

  async doctorSummary(user: UserDoc): Promise<DoctorSummary> {
    return { id: user.id, name: await this.displayName(user), startHour: user.startHour, endHour: user.endHour };
  }

  async listDoctors(): Promise<DoctorSummary[]> {
    const doctors = await this.readModels.find<UserDoc>('users', { role: 'doctor' });
    const summaries = await Promise.all(doctors.map((d) => this.doctorSummary(d.doc)));
    return summaries.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async emailTaken(email: string): Promise<boolean> {
    const found = await this.readModels.find<UserDoc>('users', { email_hash: this.personalData.lookupHash(email) }, { limit: 1 });
    return found.length > 0;
  }
}
