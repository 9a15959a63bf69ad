import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { phoneMessageStreamName, type EventMetadata, type PhoneProviderName } from '@studio/contracts';
import { ForbiddenError, NotFoundError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { ReceivePhoneReply, ReportPhoneStatus } from './phone.commands';
import { textMessagesReadModel } from './read-models';
import { validMetaSignature } from './meta-signature';
import { validTwilioSignature } from './twilio-signature';

/** a sender's number and text are sealed with the key of the number itself until the number is linked to a person */
export const phoneSenderSubject = (lookup: string) => `phonesender-${lookup}`;

const FORGED = 'Firma del messaggio non valida.';

/** what a provider's webhook says, once verified: a message's status, or a reply from a phone */
export type ProviderReport =
  | { kind: 'status'; providerMessageId: string; status: string; errorCode: string | null; notificationId?: string | null }
  | { kind: 'reply'; providerMessageId: string; channel: 'sms' | 'whatsapp'; from: string; body: string };

/**
 * The providers' webhooks, after their signature: each report is recorded on the provider message's own stream,
 * where a delivery seen before appends nothing. Nothing is read or written before the signature verifies.
 */
@Injectable()
export class PhoneWebhooksService {
  constructor(private readonly kernel: KernelPorts) {}

  private metadata(provider: PhoneProviderName, providerMessageId: string): EventMetadata {
    const id = `${provider}-${providerMessageId}`;
    return { userId: 'system', role: 'system', at: this.kernel.clock.now().toISOString(), correlationId: id, causationId: id };
  }

  /** POST /api/webhooks/twilio: a status callback (MessageStatus) or an inbound message (Body), form-encoded */
  async twilio(params: Record<string, string>, path: string, signature: string | undefined, notificationId?: string): Promise<ProviderReport | null> {
    const twilio = this.kernel.config.twilio;
    if (!twilio) throw new NotFoundError('Twilio non è configurato.', 'twilio_non_configurato');
    // the URL Twilio was given: the public address, whatever proxy forwarded the request here
    if (!validTwilioSignature(twilio.authToken, `${this.kernel.config.mail.publicUrl}${path}`, params, signature)) {
      throw new ForbiddenError(FORGED, 'firma_non_valida');
    }
    const providerMessageId = params.MessageSid ?? params.SmsSid;
    if (!providerMessageId) return null;
    const status = params.MessageStatus ?? params.SmsStatus;
    if (status && status !== 'received') {
      // the callback's address carries the message it is about (signed with the rest)
      const report = { kind: 'status' as const, providerMessageId, status, errorCode: params.ErrorCode || null, notificationId: notificationId ?? null };
      await this.record('twilio', report);
      return report;
    }
    if (params.Body === undefined || !params.From) return null;
    const whatsapp = params.From.startsWith('whatsapp:');
    const report = {
      kind: 'reply' as const,
      providerMessageId,
      channel: whatsapp ? ('whatsapp' as const) : ('sms' as const),
      from: params.From.replace(/^whatsapp:/, ''),
      body: params.Body,
    };
    await this.record('twilio', report);
    return report;
  }

  /** GET /api/webhooks/whatsapp: Meta's subscription handshake, the challenge echoed only for our verify token */
  whatsappHandshake(mode: unknown, token: unknown, challenge: unknown): string {
    const expected = this.kernel.config.whatsapp?.verifyToken;
    if (!expected || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !sameText(token, expected)) {
      throw new ForbiddenError('Codice di verifica del webhook non valido.', 'verifica_non_valida');
    }
    return challenge;
  }

  /** POST /api/webhooks/whatsapp: Meta's batch of statuses and inbound messages, signed over the raw body */
  async whatsapp(rawBody: Buffer | undefined, signature: string | undefined, body: unknown): Promise<ProviderReport[]> {
    const whatsapp = this.kernel.config.whatsapp;
    if (!whatsapp) throw new NotFoundError('WhatsApp (Meta) non è configurato.', 'whatsapp_non_configurato');
    if (!whatsapp.appSecret || !validMetaSignature(whatsapp.appSecret, rawBody, signature)) throw new ForbiddenError(FORGED, 'firma_non_valida');
    const reports = metaReports(body);
    for (const report of reports) await this.record('meta', report);
    return reports;
  }

  /** appends the report on its provider message's stream (nothing when it was seen before) */
  async record(provider: PhoneProviderName, report: ProviderReport): Promise<void> {
    const stream = phoneMessageStreamName(provider, report.providerMessageId);
    const at = this.kernel.clock.now().toISOString();
    const metadata = this.metadata(provider, report.providerMessageId);
    if (report.kind === 'status') {
      const { providerMessageId, status, errorCode } = report;
      const notificationId =
        report.notificationId ??
        (await textMessagesReadModel.find(this.kernel.readModels, { provider_message_id: providerMessageId }, { limit: 1 }))[0]?.id ??
        null;
      await this.kernel.commands.execute(
        new ReportPhoneStatus(stream, { type: 'ReportStatus', report: { provider, providerMessageId, status, errorCode, at, notificationId } }, metadata),
      );
      return;
    }
    const { personalData } = this.kernel;
    const fromLookup = personalData.lookupHash(report.from);
    const subject = phoneSenderSubject(fromLookup);
    const [from, body] = await Promise.all([personalData.seal(subject, report.from), personalData.seal(subject, report.body)]);
    await this.kernel.commands.execute(
      new ReceivePhoneReply(
        stream,
        { type: 'ReceiveReply', reply: { provider, channel: report.channel, providerMessageId: report.providerMessageId, fromLookup, from, body, at } },
        metadata,
      ),
    );
  }
}

/** equal texts, in constant time for equal lengths */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface MetaValue {
  messages?: { from?: string; id?: string; type?: string; text?: { body?: string }; button?: { text?: string } }[];
  statuses?: { id?: string; status?: string; errors?: { code?: number }[] }[];
}

/** the statuses and the text messages of a Cloud API webhook (entry[].changes[].value); anything else is ignored */
export function metaReports(body: unknown): ProviderReport[] {
  const entries = (body as { entry?: { changes?: { field?: string; value?: MetaValue }[] }[] } | null)?.entry;
  if (!Array.isArray(entries)) return [];
  const reports: ProviderReport[] = [];
  for (const change of entries.flatMap((e) => (Array.isArray(e?.changes) ? e.changes : []))) {
    if (change?.field !== 'messages' || !change.value) continue;
    for (const s of change.value.statuses ?? []) {
      if (typeof s?.id !== 'string' || typeof s.status !== 'string') continue;
      const code = s.errors?.[0]?.code;
      reports.push({ kind: 'status', providerMessageId: s.id, status: s.status, errorCode: code === undefined ? null : String(code) });
    }
    for (const m of change.value.messages ?? []) {
      const text = m?.type === 'text' ? m.text?.body : m?.type === 'button' ? m.button?.text : undefined;
      if (typeof m?.id !== 'string' || typeof m.from !== 'string' || typeof text !== 'string') continue;
      reports.push({ kind: 'reply', providerMessageId: m.id, channel: 'whatsapp', from: `+${m.from.replace(/^\+/, '')}`, body: text });
    }
  }
  return reports;
}
