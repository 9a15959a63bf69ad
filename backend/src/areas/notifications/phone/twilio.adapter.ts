import { ProviderRefusal, providerCall, retryAfterMs, type AcceptedText, type MessagingAdapter, type OutgoingText } from './messaging.port';

export interface TwilioConfig {
  /** https://api.twilio.com, or the stand-in's */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** an E.164 number or an alphanumeric sender id */
  smsFrom: string | null;
  /** `whatsapp:+39…` */
  whatsappFrom: string | null;
  /** PUBLIC_URL + /api/webhooks/twilio: where Twilio posts the message's statuses */
  statusCallback: string;
  timeoutMs?: number;
}

/**
 * Twilio's error codes after which the same channel never takes the message (Twilio's error dictionary): invalid or
 * unreachable number, not a mobile, unsubscribed (the recipient sent STOP), blocked
 */
const PERMANENT = new Set(['21211', '21214', '21408', '21608', '21610', '21612', '21614', '21617', '63003', '63016', '63024']);

/**
 * Programmable Messaging's Create a Message (twilio-oai, spec/json/twilio_api_v2010.json):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`, `Body`, `StatusCallback`, HTTP
 * Basic with the account SID and auth token; 201 with the Message resource (`sid` SM…, `status` queued or accepted).
 * A WhatsApp message is the same call with `whatsapp:` before both numbers.
 */
export function twilioAdapter(config: TwilioConfig): MessagingAdapter {
  const channels = [...(config.smsFrom ? (['sms'] as const) : []), ...(config.whatsappFrom ? (['whatsapp'] as const) : [])];
  const url = `${config.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    provider: 'twilio',
    channels,
    async send(text: OutgoingText): Promise<AcceptedText> {
      const from = text.channel === 'sms' ? text.senderName || config.smsFrom : config.whatsappFrom;
      if (!from) throw new ProviderRefusal(`canale ${text.channel} non configurato su Twilio`, 'not_configured', true);
      const prefix = text.channel === 'whatsapp' ? 'whatsapp:' : '';
      const callback = new URL(config.statusCallback);
      // the callbacks come back to the message they are about
      callback.searchParams.set('n', text.idempotencyKey);
      const form = new URLSearchParams({
        To: `${prefix}${text.to}`,
        From: from.startsWith(prefix) ? from : `${prefix}${from}`,
        Body: text.body,
        StatusCallback: callback.toString(),
      });
      const response = await providerCall(
        url,
        {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form.toString(),
        },
        config.timeoutMs ?? 10_000,
      );
      const body = (await response.json().catch(() => ({}))) as { sid?: string; status?: string; code?: number; message?: string };
      if (response.status === 201 || response.status === 200) {
        if (!body.sid) throw new ProviderRefusal('risposta di Twilio senza sid', 'no_sid', false);
        return { providerMessageId: body.sid, status: body.status ?? 'queued' };
      }
      const code = String(body.code ?? response.status);
      const message = `Twilio ${response.status} ${code}: ${body.message ?? 'errore'}`.slice(0, 300);
      if (response.status === 429) throw new ProviderRefusal(message, code, false, retryAfterMs(response.headers.get('retry-after'), Date.now()));
      if (response.status >= 500) throw new ProviderRefusal(message, code, false);
      // 401 and 403 are the practice's configuration: retried, so that fixing it sends what waits
      if (response.status === 401 || response.status === 403) throw new ProviderRefusal(message, code, false);
      throw new ProviderRefusal(message, code, PERMANENT.has(code) || response.status === 400);
    },
  };
}
