import { Injectable } from '@nestjs/common';
import { phoneText, phoneWhen, type PhoneTextKind, type Sealed } from '@studio/contracts';
import { readDoctorProfile, readPracticeIdentity } from '../../../platform/config/practice-settings';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { readVisitLocation } from '../../scheduling/booking';
import { ContactPreferencesService, usersReadModel } from '../../accounts/users';
import { PhoneChannel, TextRefused, type Decided } from '../mail';
import { readReminderSettings } from '../../practice';
import { ProviderRefusal, type MessagingAdapter } from './messaging.port';
import { metaAdapter } from './meta.adapter';
import { twilioAdapter } from './twilio.adapter';

/** the WhatsApp templates to have approved in Italian (WhatsApp Manager): the confirmation and the reminder */
export const WHATSAPP_TEMPLATES: Partial<Record<PhoneTextKind, string>> = { confirmation: 'conferma_prenotazione', reminder: 'promemoria_visita' };

const textOf = (n: Decided): PhoneTextKind =>
  n.text ?? (n.kind === 'booking_confirmed' ? 'confirmation' : n.kind === 'waiting_list_offer' ? 'waiting_list_offer' : 'reminder');

/**
 * The outbox's SMS and WhatsApp channel: the patient's consent and mobile asked again at the moment of sending, the
 * provider the practice chose (WhatsApp through Meta or Twilio, SMS through Twilio), the text written from the
 * practice and the visit as they are then. The number and the words go into the log sealed with the patient's key.
 */
@Injectable()
export class TextMessageChannel extends PhoneChannel {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly contacts: ContactPreferencesService,
  ) {
    super();
  }

  private async adapter(channel: 'sms' | 'whatsapp'): Promise<MessagingAdapter | null> {
    const { twilio, whatsapp, mail } = this.kernel.config;
    if (channel === 'whatsapp' && (await readReminderSettings(this.kernel.readModels)).whatsappProvider === 'meta') {
      return whatsapp ? metaAdapter(whatsapp) : null;
    }
    if (!twilio || !(channel === 'sms' ? twilio.smsFrom : twilio.whatsappFrom)) return null;
    return twilioAdapter({ ...twilio, statusCallback: `${mail.publicUrl}/api/webhooks/twilio` });
  }

  async unwanted(n: Decided): Promise<string | null> {
    const channel = n.channel as 'sms' | 'whatsapp';
    if (!(await this.contacts.channels(n.recipientId))[channel]) return `nessun consenso per ${channel}`;
    if (!(await this.contacts.phoneOf(n.recipientId))) return 'nessun numero di cellulare';
    if (!(await this.adapter(channel))) return `${channel} non configurato`;
    return null;
  }

  async send(n: Decided): Promise<{ messageId: string; transport: 'twilio' | 'meta'; content: Sealed }> {
    const channel = n.channel as 'sms' | 'whatsapp';
    const [to, adapter, settings] = await Promise.all([
      this.contacts.phoneOf(n.recipientId),
      this.adapter(channel),
      readReminderSettings(this.kernel.readModels),
    ]);
    if (!to) throw new TextRefused('nessun numero di cellulare', true);
    if (!adapter) throw new TextRefused(`${channel} non configurato`, false);
    const kind = textOf(n);
    const input = await this.textInput(n);
    const body = phoneText(kind, input);
    const template = adapter.provider === 'meta' && WHATSAPP_TEMPLATES[kind];
    try {
      const accepted = await adapter.send({
        channel,
        to,
        body,
        idempotencyKey: n.notificationId,
        ...(channel === 'sms' && settings.senderName ? { senderName: settings.senderName } : {}),
        // a message the practice starts goes as an approved template on Meta; an answer is inside the patient's window
        ...(template ? { template: { name: template, language: 'it', parameters: [input.practiceName, input.doctorName, input.when, input.place] } } : {}),
      });
      const content = await this.kernel.personalData.sealUnlessErased(n.recipientId, { to, body });
      return { messageId: accepted.providerMessageId, transport: adapter.provider, content };
    } catch (error) {
      if (error instanceof ProviderRefusal) throw new TextRefused(error.message, error.permanent, error.retryAfterMs);
      throw error;
    }
  }

  private async textInput(n: Decided) {
    const sources = { readModels: this.kernel.readModels, config: this.kernel.config };
    const [practice, profile, doctor, location] = await Promise.all([
      readPracticeIdentity(sources),
      readDoctorProfile(sources, n.doctorId),
      usersReadModel.get(this.kernel.readModels, n.doctorId),
      n.bookingId ? readVisitLocation(this.kernel.readModels, n.bookingId) : null,
    ]);
    const personal = doctor?.doc.personal ? await this.kernel.personalData.open<{ name: string; surname: string }>(doctor.doc.personal) : null;
    const name = personal ? `${personal.name} ${personal.surname}` : 'il medico';
    return {
      practiceName: practice.name,
      doctorName: profile.title ? `${profile.title} ${name}` : name,
      when: n.start ? phoneWhen(n.start) : '',
      // the visit's location where it has one, else the practice's one address
      place: location ? `${location.name}, ${location.address}` : practice.address,
      until: n.offerExpiresAt
        ? new Date(n.offerExpiresAt).toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: this.kernel.config.practiceTimeZone })
        : undefined,
    };
  }
}
