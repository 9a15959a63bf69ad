import { Injectable } from '@nestjs/common';
import {
  CONTACT_CHANNELS,
  CONTACT_CONSENT_WORDING,
  ContactPreferencesRequest,
  DEFAULT_CONTACT_PREFERENCES,
  contactPreferencesStreamName,
  type ContactChannel,
  type ContactPreferencesView,
  type EventMetadata,
  type SessionUser,
} from '@studio/contracts';
import { ValidationError } from '../../../platform/common/errors';
import { parseInput } from '../../../platform/http/parse';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { OptOutByReply, SetContactPreferences } from './contact-preferences.commands';
import { toE164 } from './phone-number';
import { contactPreferencesReadModel, usersReadModel } from './read-models';

/**
 * A patient's consent per channel (the words agreed to and the time, as events) and their mobile in E.164, sealed with
 * their key. Every sender asks here before a text leaves: no consent, no message.
 */
@Injectable()
export class ContactPreferencesService {
  constructor(private readonly kernel: KernelPorts) {}

  async view(userId: string): Promise<ContactPreferencesView> {
    const doc = (await contactPreferencesReadModel.get(this.kernel.readModels, userId))?.doc;
    return {
      channels: doc?.channels ?? { ...DEFAULT_CONTACT_PREFERENCES },
      phone: await this.phoneOf(userId),
      wording: CONTACT_CONSENT_WORDING,
      setAt: doc?.setAt ?? null,
    };
  }

  /** the channels a patient agreed to now */
  async channels(userId: string): Promise<Record<ContactChannel, boolean>> {
    return (await contactPreferencesReadModel.get(this.kernel.readModels, userId))?.doc.channels ?? { ...DEFAULT_CONTACT_PREFERENCES };
  }

  /** the mobile given with the choices, or else the registration's number when it reads as one; null: none (or erased) */
  async phoneOf(userId: string): Promise<string | null> {
    const doc = (await contactPreferencesReadModel.get(this.kernel.readModels, userId))?.doc;
    if (doc?.phone) return this.kernel.personalData.open<string>(doc.phone);
    const user = (await usersReadModel.get(this.kernel.readModels, userId))?.doc;
    const personal = user?.personal ? await this.kernel.personalData.open<{ phone?: string }>(user.personal) : null;
    return personal?.phone ? toE164(personal.phone) : null;
  }

  /** the patient whose mobile this is (the one who chose it last, should two share it) */
  async patientByPhone(e164: string): Promise<string | null> {
    const lookup = this.kernel.personalData.lookupHash(e164);
    const found = await contactPreferencesReadModel.find(this.kernel.readModels, { phone_lookup: lookup });
    return found.sort((a, b) => (b.doc.setAt ?? '').localeCompare(a.doc.setAt ?? ''))[0]?.id ?? null;
  }

  async set(user: SessionUser, body: unknown, metadata: EventMetadata): Promise<ContactPreferencesView> {
    const input = parseInput(ContactPreferencesRequest, body);
    const typed = input.phone?.trim();
    const phone = typed ? toE164(typed) : await this.phoneOf(user.id);
    if (typed && !phone) throw new ValidationError('Numero di cellulare non valido: scrivilo con il prefisso se non è italiano.', 'telefono_non_valido');
    if ((input.sms || input.whatsapp) && !phone) {
      throw new ValidationError('Per SMS e WhatsApp serve il numero di cellulare.', 'telefono_mancante');
    }
    const channels = { email: input.email, sms: input.sms, whatsapp: input.whatsapp, push: input.push };
    const wording = Object.fromEntries(CONTACT_CHANNELS.filter((c) => channels[c]).map((c) => [c, CONTACT_CONSENT_WORDING[c]]));
    await this.record(user.id, channels, wording, phone, 'profile', metadata);
    return this.view(user.id);
  }

  /**
   * The SMS and WhatsApp boxes of the registration form: the words of the ones ticked, at the registration's mobile
   * (`phone`, E.164); email and push stay as before any choice, their words not shown there and so not recorded.
   */
  async setAtRegistration(userId: string, choice: { sms: boolean; whatsapp: boolean }, phone: string, metadata: EventMetadata): Promise<void> {
    const channels = { ...DEFAULT_CONTACT_PREFERENCES, ...choice };
    const wording = Object.fromEntries((['sms', 'whatsapp'] as const).filter((c) => choice[c]).map((c) => [c, CONTACT_CONSENT_WORDING[c]]));
    await this.record(userId, channels, wording, phone, 'registration', metadata);
  }

  private async record(
    userId: string,
    channels: Record<ContactChannel, boolean>,
    wording: Record<string, string>,
    phone: string | null,
    via: 'profile' | 'registration',
    metadata: EventMetadata,
  ): Promise<void> {
    const { position } = await this.kernel.commands.execute<SetContactPreferences, { position: number | null }>(
      new SetContactPreferences(
        contactPreferencesStreamName(userId),
        {
          type: 'SetContactPreferences',
          preferences: {
            userId,
            channels,
            wording,
            phone: phone ? await this.kernel.personalData.seal(userId, phone) : null,
            phoneLookup: phone ? this.kernel.personalData.lookupHash(phone) : null,
            via,
            at: metadata.at,
          },
        },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
  }

  /** STOP by reply: that channel off (once per reply message) */
  async optOut(userId: string, channel: 'sms' | 'whatsapp', providerMessageId: string, metadata: EventMetadata): Promise<void> {
    const { position } = await this.kernel.commands.execute<OptOutByReply, { position: number | null }>(
      new OptOutByReply(
        contactPreferencesStreamName(userId),
        { type: 'OptOutByReply', optOut: { userId, channel, providerMessageId, at: metadata.at } },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
  }
}
