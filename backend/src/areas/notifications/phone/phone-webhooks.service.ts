import { Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
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
const REPLAYED = 'Questa richiesta firmata è già stata ricevuta.';

/**
 * A signed delivery's name: the signature covers the whole request (Twilio: address and parameters; Meta: the raw
 * body), so the same signature is the same request again. `index` tells apart the reports of one Meta batch.
 */
export const deliveryId = (provider: PhoneProviderName, signature: string, index = 0) =>
  `${createHash('sha256').update(`${provider}\n${signature}`).digest('hex').slice(0, 32)}.${index}`;

/** what a provider's webhook says, once verified: a message's status, or a reply from a phone */
export type ProviderReport =
  | { kind: 'status'; providerMessageId: string; status: string; errorCode: string | null; notificationId?: string | null; delivery?: string }
  | { kind: 'reply'; providerMessageId: string; channel: 'sms' | 'whatsapp'; from: string; body: string; delivery?: string };

/**
 * The providers' webhooks, after their signature: each report is recorded on the provider message's own stream with
 * the name of the signed delivery that brought it. A delivery whose reports are all recorded already is a replay: 403,
 * nothing appended. The check is the append itself (the decider on the stream, appended at the revision it read), so
 * two copies at once, on one instance or two, append once and one of them is refused. Nothing is read or written
 * before the signature verifies.
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
    const delivery = deliveryId('twilio', signature!);
    const status = params.MessageStatus ?? params.SmsStatus;
    if (status && status !== 'received') {
      // the callback's address carries the message it is about (signed with the rest)
      const report = {
        kind: 'status' as const,
        providerMessageId,
        status,
        errorCode: params.ErrorCode || null,
        notificationId: notificationId ?? null,
        delivery,
      };
      if (!(await this.record('twilio', report))) throw new ForbiddenError(REPLAYED, 'richiesta_ripetuta');
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
      delivery,
    };
    if (!(await this.record('twilio', report))) throw new ForbiddenError(REPLAYED, 'richiesta_ripetuta');
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
    const reports = metaReports(body).map((report, i) => ({ ...report, delivery: deliveryId('meta', signature!, i) }));
    // a batch cut short (the process died after some of its reports) is completed when Meta sends it again
    let recorded = 0;
    for (const report of reports) if (await this.record('meta', report)) recorded++;
    if (reports.length > 0 && recorded === 0) throw new ForbiddenError(REPLAYED, 'richiesta_ripetuta');
    return reports;
  }

  /** appends the report on its provider message's stream; false when its delivery was recorded before */
  async record(provider: PhoneProviderName, report: ProviderReport): Promise<boolean> {
    const stream = phoneMessageStreamName(provider, report.providerMessageId);
    const at = this.kernel.clock.now().toISOString();
    const metadata = this.metadata(provider, report.providerMessageId);
    if (report.kind === 'status') {
      const { providerMessageId, status, errorCode, delivery } = report;
      const notificationId =
        report.notificationId ??
        (await textMessagesReadModel.find(this.kernel.readModels, { provider_message_id: providerMessageId }, { limit: 1 }))[0]?.id ??
        null;
      const result = await this.kernel.commands.execute(
        new ReportPhoneStatus(
          stream,
          { type: 'ReportStatus', report: { provider, providerMessageId, status, errorCode, at, notificationId, delivery } },
          metadata,
        ),
      );
      return result.events.length > 0;
    }
    const { personalData } = this.kernel;
    const fromLookup = personalData.lookupHash(report.from);
    const subject = phoneSenderSubject(fromLookup);
    const [from, body] = await Promise.all([personalData.seal(subject, report.from), personalData.seal(subject, report.body)]);
    const result = await this.kernel.commands.execute(
      new ReceivePhoneReply(
        stream,
        {
          type: 'ReceiveReply',
          reply: { provider, channel: report.channel, providerMessageId: report.providerMessageId, fromLookup, from, body, at, delivery: report.delivery },
        },
        metadata,
      ),
    );
    return result.events.length > 0;
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
