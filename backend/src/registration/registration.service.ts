import { CommandBus } from '@nestjs/cqrs';
import { Inject, Injectable } from '@nestjs/common';
import { DUPLICATE_EMAIL_MESSAGE, PRIVACY_VERSION, emailClaimStreamName, type RegistrationRequest, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../common/errors';
import { metadataFor } from '../http/request-context';
import { PERSONAL_DATA, CHANGE_FEED } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { UsersService } from '../users';
import { emailClaimDecider } from './email-claim.decider';
import { Decide } from '../event-store/decide.command';

const duplicateEmail = () => new ConflictError(DUPLICATE_EMAIL_MESSAGE, 'email_esistente');

@Injectable()
export class RegistrationService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(PERSONAL_DATA) private readonly personalData: Ports['personalData'],
    @Inject(CHANGE_FEED) private readonly changes: Ports['changes'],
    private readonly users: UsersService,
  ) {}

  /** a new patient account with its privacy consent; personal fields only sealed */
  async registerPatient(input: RegistrationRequest, req: Request): Promise<SessionUser> {
    // answers at once, before the costly password hash; it also covers the demo accounts, which the seed makes without a claim
    if (await this.users.emailTaken(input.email)) throw duplicateEmail();
    const userId = randomUUID();
    const metadata = metadataFor(req, { id: userId, role: 'patient', name: '' });
    const emailHash = this.personalData.lookupHash(input.email);
    // the guarantee: of two concurrent registrations only one claim is appended
    try {
      await this.commands.execute(new Decide(emailClaimStreamName(emailHash), emailClaimDecider, { type: 'ClaimEmail', emailHash, userId }, metadata));
    } catch (error) {
      throw error instanceof ConflictError ? duplicateEmail() : error;
    }
    const { name, surname, email, password, phone, taxcode } = input;
    const { position } = await this.users.register(
      { role: 'patient', userId, name, surname, email, password, phone, taxcode, consent: { version: PRIVACY_VERSION, at: metadata.at } },
      metadata,
    );
    // read-your-writes: the next request of this patient finds the account in the read model
    if (position) await this.changes.waitFor(position);
    return { id: userId, role: 'patient', name: `${name} ${surname}` };
  }
}
