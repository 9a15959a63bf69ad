import { Injectable } from '@nestjs/common';
import { DUPLICATE_EMAIL_MESSAGE, PRIVACY_VERSION, type RegistrationRequest, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { ConflictError, ValidationError } from '../../../platform/common/errors';
import { metadataFor } from '../../../platform/http/request-context';
import { ContactPreferencesService, toE164, UsersService } from '../users';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

const duplicateEmail = () => new ConflictError(DUPLICATE_EMAIL_MESSAGE, 'email_esistente');

@Injectable()
export class RegistrationService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly contacts: ContactPreferencesService,
  ) {}

  /** a new patient account with its privacy consent; personal fields only sealed */
  async registerPatient(input: RegistrationRequest, req: Request): Promise<SessionUser> {
    // answers at once, before the costly password hash; it also covers the demo accounts, which the seed makes without a claim
    if (await this.users.emailTaken(input.email)) throw duplicateEmail();
    const texts = { sms: input.smsConsent, whatsapp: input.whatsappConsent };
    const mobile = toE164(input.phone);
    if ((texts.sms || texts.whatsapp) && !mobile) {
      throw new ValidationError('Per SMS e WhatsApp serve un numero di cellulare: controlla il numero o togli la scelta.', 'telefono_non_cellulare');
    }
    const userId = randomUUID();
    const metadata = metadataFor(req, { id: userId, role: 'patient', name: '' });
    // the guarantee: of concurrent registrations and invitations for one address only one claim is appended
    if (!(await this.users.claimEmail(input.email, userId, metadata))) throw duplicateEmail();
    const { name, surname, email, password, phone, taxcode } = input;
    const { position } = await this.users.register(
      { role: 'patient', userId, name, surname, email, password, phone, taxcode, consent: { version: PRIVACY_VERSION, at: metadata.at } },
      metadata,
    );
    // read-your-writes: the next request of this patient finds the account in the read model
    if (position) await this.kernel.changes.waitFor(position);
    // the SMS and WhatsApp consent of the form, with its words, as /profilo records it
    if (mobile && (texts.sms || texts.whatsapp)) await this.contacts.setAtRegistration(userId, texts, mobile, metadata);
    return { id: userId, role: 'patient', name: `${name} ${surname}` };
  }
}
