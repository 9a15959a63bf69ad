import { ProviderRefusal, providerCall, retryAfterMs, type AcceptedText, type MessagingAdapter, type OutgoingText } from './messaging.port';

export interface MetaConfig {
  /** https://graph.facebook.com, or the stand-in's */
  baseUrl: string;
  /** `v21.0` */
  apiVersion: string;
  phoneNumberId: string;
  token: string;
  timeoutMs?: number;
}

/**
 * Cloud API error codes after which the same message never goes through on WhatsApp: the 24-hour service window is
 * closed (131047), the number is not on WhatsApp or cannot receive (131026), the template is not approved or does not
 * exist in that language (132000, 132001, 132005, 132007, 132012, 132015, 132016), the recipient blocked marketing
 * (131050), invalid parameter (100)
 */
const PERMANENT = new Set(['100', '131026', '131047', '131050', '131051', '132000', '132001', '132005', '132007', '132012', '132015', '132016']);
/** throughput and pair limits: later, not never */
const RATE_LIMITED = new Set(['4', '80007', '130429', '131048', '131056']);

/**
 * Meta's WhatsApp Business Cloud API, Send a message: `POST /{version}/{phone-number-id}/messages`, JSON with
 * `messaging_product: 'whatsapp'`, Bearer token; a free-form `text` inside the 24-hour service window, an approved
 * `template` (name, language, body parameters) outside it. 200 with `messages[0].id` (wamid.…); the statuses follow
 * on the webhook.
 */
export function metaAdapter(config: MetaConfig): MessagingAdapter {
  const url = `${config.baseUrl.replace(/\/$/, '')}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    provider: 'meta',
    channels: ['whatsapp'],
    async send(text: OutgoingText): Promise<AcceptedText> {
      if (text.channel !== 'whatsapp') throw new ProviderRefusal('Meta invia solo WhatsApp', 'not_configured', true);
      const content = text.template
        ? {
            type: 'template',
            template: {
              name: text.template.name,
              language: { code: text.template.language },
              components: [{ type: 'body', parameters: text.template.parameters.map((p) => ({ type: 'text', text: p })) }],
            },
          }
        : { type: 'text', text: { preview_url: false, body: text.body } };
      const response = await providerCall(
        url,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' },
          // the Cloud API takes the number without its plus
          body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: text.to.replace(/^\+/, ''), ...content }),
        },
        config.timeoutMs ?? 10_000,
      );
      const body = (await response.json().catch(() => ({}))) as {
        messages?: { id: string; message_status?: string }[];
        error?: { code?: number; message?: string; error_data?: { details?: string } };
      };
      if (response.ok) {
        const id = body.messages?.[0]?.id;
        if (!id) throw new ProviderRefusal('risposta di Meta senza id del messaggio', 'no_id', false);
        return { providerMessageId: id, status: body.messages?.[0]?.message_status ?? 'accepted' };
      }
      const code = String(body.error?.code ?? response.status);
      const message = `Meta ${response.status} ${code}: ${body.error?.error_data?.details ?? body.error?.message ?? 'errore'}`.slice(0, 300);
      if (response.status === 429 || RATE_LIMITED.has(code)) {
        throw new ProviderRefusal(message, code, false, retryAfterMs(response.headers.get('retry-after'), Date.now()));
      }
      throw new ProviderRefusal(message, code, PERMANENT.has(code));
    },
  };
}
