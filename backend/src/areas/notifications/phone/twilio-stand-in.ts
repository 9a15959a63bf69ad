// A local stand-in of Twilio's Programmable Messaging API, for tests and the demo only (the production path is
// twilio.adapter.ts): it answers Create a Message as Twilio does, then calls the message's StatusCallback back with its
// statuses, and posts a patient's reply, both signed with X-Twilio-Signature as Twilio signs them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { twilioSignature } from './twilio-signature';

export interface StandInTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
}

/** what the next Create a Message calls meet, in order: 429 with Retry-After, an answer after `ms`, no answer at all */
export type TwilioFault = { kind: 'rate_limit'; retryAfterSeconds: number } | { kind: 'slow'; ms: number } | { kind: 'lost' };

export interface TwilioStandIn {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  smsFrom: string;
  whatsappFrom: string;
  messages: StandInTwilioMessage[];
  /** numbers that sent STOP: 21610 */
  unsubscribed: Set<string>;
  /** numbers whose messages are accepted and then fail (30003 unreachable) */
  unreachable: Set<string>;
  fault(f: TwilioFault): void;
  /** where the stand-in's callbacks really go (the test app's address) when PUBLIC_URL is not reachable */
  reachVia: string | null;
  /** posts every pending status callback (sent then delivered, or failed), signed; the HTTP statuses answered */
  flushCallbacks(): Promise<number[]>;
  /** a patient's message to the practice's number, posted signed to `webhookUrl` (PUBLIC_URL + path) */
  reply(webhookUrl: string, from: string, body: string, channel?: 'sms' | 'whatsapp'): Promise<{ status: number; sid: string; text: string }>;
  /** what Twilio would post: the params and their signature for `url` */
  signed(url: string, params: Record<string, string>): { params: Record<string, string>; signature: string };
  /** the last request posted, exactly again (a replay: same address, parameters and signature); the HTTP status */
  replayLast(): Promise<number>;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{7,14}$/;
const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export async function startTwilioStandIn(opts: { accountSid?: string; authToken?: string } = {}): Promise<TwilioStandIn> {
  const accountSid = opts.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = opts.authToken ?? randomBytes(16).toString('hex');
  const messages: StandInTwilioMessage[] = [];
  const faults: TwilioFault[] = [];
  const pending: { message: StandInTwilioMessage; status: string; errorCode?: string }[] = [];
  const unsubscribed = new Set<string>();
  const unreachable = new Set<string>();
  const sockets = new Set<import('node:net').Socket>();

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  const error = (res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);

  const handle = async (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) return error(res, 404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
    const fault = faults.shift();
    if (fault?.kind === 'lost') return req.socket.destroy();
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.ms));
    if (fault?.kind === 'rate_limit') return error(res, 429, 20429, 'Too Many Requests', { 'Retry-After': String(fault.retryAfterSeconds) });
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
    if (!from) return error(res, 400, 21603, "A 'From' phone number is required.");
    const number = to.replace(/^whatsapp:/, '');
    if (!E164.test(number)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (unsubscribed.has(number)) return error(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    const message: StandInTwilioMessage = { sid: sid('SM'), to, from, body, statusCallback: form.get('StatusCallback'), status: 'queued' };
    messages.push(message);
    if (unreachable.has(number)) pending.push({ message, status: 'sent' }, { message, status: 'failed', errorCode: '30003' });
    else pending.push({ message, status: 'sent' }, { message, status: 'delivered' });
    const now = new Date().toUTCString();
    json(res, 201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'EUR',
      sid: message.sid,
      status: 'queued',
      subresource_uris: { media: `${path.replace('.json', '')}/${message.sid}/Media.json` },
      to,
      uri: `${path.replace('.json', '')}/${message.sid}.json`,
    });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch(() => res.destroy()));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const signed = (url: string, params: Record<string, string>) => ({ params, signature: twilioSignature(authToken, url, params) });
  const standIn: TwilioStandIn = {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    smsFrom: '+15005550006',
    whatsappFrom: 'whatsapp:+14155238886',
    messages,
    unsubscribed,
    unreachable,
    reachVia: null,
    fault: (f) => void faults.push(f),
    async flushCallbacks() {
      const statuses: number[] = [];
      for (let next = pending.shift(); next; next = pending.shift()) {
        const { message, status, errorCode } = next;
        message.status = status;
        if (!message.statusCallback) continue;
        const params: Record<string, string> = {
          AccountSid: accountSid,
          ApiVersion: '2010-04-01',
          From: message.from,
          MessageSid: message.sid,
          MessageStatus: status,
          SmsSid: message.sid,
          SmsStatus: status,
          To: message.to,
          ...(errorCode ? { ErrorCode: errorCode } : {}),
        };
        statuses.push(await post(message.statusCallback, params).then((r) => r.status));
      }
      return statuses;
    },
    async reply(webhookUrl, from, body, channel = 'sms') {
      const prefix = channel === 'whatsapp' ? 'whatsapp:' : '';
      const messageSid = sid('SM');
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        Body: body,
        From: `${prefix}${from}`,
        MessageSid: messageSid,
        NumMedia: '0',
        NumSegments: '1',
        SmsMessageSid: messageSid,
        SmsSid: messageSid,
        SmsStatus: 'received',
        To: channel === 'whatsapp' ? standIn.whatsappFrom : standIn.smsFrom,
      };
      const response = await post(webhookUrl, params);
      return { status: response.status, sid: messageSid, text: await response.text() };
    },
    signed,
    async replayLast() {
      if (!last) throw new Error('nessuna richiesta da ripetere');
      const response = await post(last.url, last.params);
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  let last: { url: string; params: Record<string, string> } | null = null;
  // signed over the URL Twilio was given; sent to where the app really listens
  async function post(url: string, params: Record<string, string>): Promise<Response> {
    last = { url, params };
    const target = standIn.reachVia ? `${standIn.reachVia}${new URL(url).pathname}${new URL(url).search}` : url;
    return fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signed(url, params).signature },
      body: new URLSearchParams(params).toString(),
    });
  }
  return standIn;
}
