// A local stand-in of Meta's WhatsApp Business Cloud API, for tests and the demo only (the production path is
// meta.adapter.ts): Send a message answered as the Cloud API does, then the statuses posted to the webhook, and a
// patient's reply, each signed with X-Hub-Signature-256 as Meta signs them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { metaSignature } from './meta-signature';

export interface StandInWhatsAppMessage {
  id: string;
  to: string;
  type: 'text' | 'template';
  body: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
}

export type MetaFault = { kind: 'rate_limit'; retryAfterSeconds: number } | { kind: 'slow'; ms: number } | { kind: 'lost' };

export interface MetaStandIn {
  baseUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
  messages: StandInWhatsAppMessage[];
  /** templates approved in Italian; any other name is 132001 */
  approvedTemplates: Set<string>;
  /** numbers (without +) that wrote to the practice in the last 24 hours: a free-form text reaches only them */
  windowOpen: Set<string>;
  fault(f: MetaFault): void;
  /** where the webhooks really go (the test app's address), the signature being over the body alone */
  reachVia: string | null;
  /** posts every pending status to `webhookUrl` (sent and delivered, or failed 131047), signed; the HTTP statuses */
  flushWebhooks(webhookUrl: string): Promise<number[]>;
  /** a patient's text to the practice's number, posted signed; it opens their service window */
  reply(webhookUrl: string, from: string, body: string): Promise<{ status: number; id: string }>;
  /** a webhook body as Meta would post it, and its signature */
  signed(body: unknown): { raw: string; signature: string };
  /** the last webhook posted, exactly again (a replay: same raw body and signature); the HTTP status */
  replayLast(): Promise<number>;
  close(): Promise<void>;
}

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

export async function startMetaStandIn(opts: { appSecret?: string } = {}): Promise<MetaStandIn> {
  const apiVersion = 'v21.0';
  const phoneNumberId = String(100_000_000_000_000 + randomBytes(4).readUInt32BE(0));
  const token = `EAAG${randomBytes(24).toString('hex')}`;
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  const verifyToken = randomBytes(8).toString('hex');
  const messages: StandInWhatsAppMessage[] = [];
  const faults: MetaFault[] = [];
  const pending: { id: string; to: string; status: string; error?: { code: number; title: string } }[] = [];
  const approvedTemplates = new Set(['promemoria_visita', 'conferma_prenotazione']);
  const windowOpen = new Set<string>();
  const sockets = new Set<Socket>();

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  const error = (res: ServerResponse, status: number, code: number, message: string, details: string, headers: Record<string, string> = {}) =>
    json(
      res,
      status,
      { error: { message, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: randomBytes(8).toString('hex') } },
      headers,
    );

  const handle = async (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== 'POST' || req.url !== `/${apiVersion}/${phoneNumberId}/messages`) return error(res, 404, 803, 'Unknown path', 'Unsupported request');
    if (req.headers.authorization !== `Bearer ${token}`) return error(res, 401, 190, 'Invalid OAuth access token.', 'Invalid OAuth access token');
    const fault = faults.shift();
    if (fault?.kind === 'lost') return req.socket.destroy();
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.ms));
    if (fault?.kind === 'rate_limit')
      return error(res, 429, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.', {
        'Retry-After': String(fault.retryAfterSeconds),
      });
    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      text?: { body?: string };
      template?: { name?: string; language?: { code?: string }; components?: { parameters?: { text?: string }[] }[] };
    };
    try {
      body = JSON.parse(raw);
    } catch {
      return error(res, 400, 100, 'Invalid parameter', 'Request body is not JSON');
    }
    const to = body.to ?? '';
    if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to)) return error(res, 400, 100, '(#100) Invalid parameter', "Parameter 'to' is invalid");
    const id = wamid();
    if (body.type === 'template') {
      const name = body.template?.name ?? '';
      const language = body.template?.language?.code ?? '';
      if (!approvedTemplates.has(name) || language !== 'it')
        return error(res, 400, 132001, '(#132001) Template name does not exist in the translation', `template name (${name}) does not exist in ${language}`);
      const parameters = (body.template?.components ?? []).flatMap((c) => c.parameters ?? []).map((p) => p.text ?? '');
      messages.push({ id, to, type: 'template', body: null, template: { name, language, parameters } });
      pending.push({ id, to, status: 'sent' }, { id, to, status: 'delivered' });
    } else if (body.type === 'text' && body.text?.body) {
      messages.push({ id, to, type: 'text', body: body.text.body, template: null });
      // as the Cloud API does: accepted now, failed on the webhook when the window is closed
      if (windowOpen.has(to)) pending.push({ id, to, status: 'sent' }, { id, to, status: 'delivered' });
      else pending.push({ id, to, status: 'failed', error: { code: 131047, title: 'Re-engagement message' } });
    } else return error(res, 400, 100, '(#100) Invalid parameter', 'Unsupported message type');
    json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id, message_status: 'accepted' }] });
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

  const envelope = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-STAND-IN',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '390212345678', phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  });
  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    return { raw, signature: metaSignature(appSecret, raw) };
  };
  const standIn: MetaStandIn = {
    baseUrl: `http://127.0.0.1:${port}`,
    apiVersion,
    phoneNumberId,
    token,
    appSecret,
    verifyToken,
    messages,
    approvedTemplates,
    windowOpen,
    reachVia: null,
    fault: (f) => void faults.push(f),
    async flushWebhooks(webhookUrl) {
      const statuses: number[] = [];
      for (let next = pending.shift(); next; next = pending.shift()) {
        const status = {
          id: next.id,
          status: next.status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: next.to,
          ...(next.error ? { errors: [{ code: next.error.code, title: next.error.title }] } : {}),
        };
        statuses.push(await post(webhookUrl, envelope({ statuses: [status] })));
      }
      return statuses;
    },
    async reply(webhookUrl, from, text) {
      const number = from.replace(/^\+/, '');
      windowOpen.add(number);
      const id = wamid();
      const message = { from: number, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } };
      const status = await post(webhookUrl, envelope({ contacts: [{ profile: { name: 'Paziente' }, wa_id: number }], messages: [message] }));
      return { status, id };
    },
    signed,
    replayLast: () => (last ? postRaw(last.url, last.raw, last.signature) : Promise.reject(new Error('nessuna richiesta da ripetere'))),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  let last: { url: string; raw: string; signature: string } | null = null;
  async function post(url: string, body: unknown): Promise<number> {
    const { raw, signature } = signed(body);
    return postRaw(url, raw, signature);
  }
  async function postRaw(url: string, raw: string, signature: string): Promise<number> {
    last = { url, raw, signature };
    const target = standIn.reachVia ? `${standIn.reachVia}${new URL(url).pathname}` : url;
    const response = await fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, body: raw });
    await response.arrayBuffer();
    return response.status;
  }
  return standIn;
}
