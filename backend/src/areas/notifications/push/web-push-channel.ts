import { Injectable } from '@nestjs/common';
import { NEW_MESSAGE_PUSH, type EventMetadata, type PushPayload, type PushSubscriptionRequest, type PushTopic, pushStreamName } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import * as tls from 'node:tls';
import { WebPushError, sendNotification } from 'web-push';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { PushChannel, type Decided } from '../mail';
import { checkPushEndpoint, guardedLookup } from '../../../platform/http/outbound-guard';
import { UnsubscribePush } from './push.commands';
import { pushSubscriptionsReadModel } from './read-models';

/** what each topic says: never a message's content nor any health data, only that there is something to open */
export function pushPayloadOf(n: Decided): PushPayload {
  switch (n.topic ?? 'new_message') {
    case 'new_message':
      return { title: 'Studio', body: NEW_MESSAGE_PUSH, topic: 'new_message', url: '/messaggi' };
    case 'visit_reminder':
      return { title: 'Studio', body: 'Promemoria: hai una visita in programma.', topic: 'visit_reminder', url: '/home' };
    case 'diet_sent':
      return { title: 'Studio', body: 'Il tuo piano alimentare è pronto.', topic: 'diet_sent', url: '/home' };
    case 'diary_comment':
      return { title: 'Studio', body: 'Hai un nuovo commento sul tuo diario.', topic: 'diary_comment', url: '/diario' };
  }
}

/** the CA list of a kind ('default': bundled plus NODE_EXTRA_CA_CERTS; 'system': the operating system's), Node 22.15+ */
function caCertificates(kind: 'default' | 'system'): readonly string[] | null {
  const get = (tls as unknown as { getCACertificates?: (kind: string) => string[] }).getCACertificates;
  try {
    return get ? get(kind) : null;
  } catch {
    return null;
  }
}

/** how long a push service keeps trying a device that is off (seconds), and how urgently (RFC 8030 §5.2, §5.3) */
const DELIVERY: Record<PushTopic, { TTL: number; urgency: 'low' | 'normal' | 'high' }> = {
  new_message: { TTL: 24 * 3600, urgency: 'normal' },
  visit_reminder: { TTL: 12 * 3600, urgency: 'high' },
  diet_sent: { TTL: 72 * 3600, urgency: 'low' },
  diary_comment: { TTL: 72 * 3600, urgency: 'low' },
};

/**
 * The outbox's push channel with the `web-push` library (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292
 * VAPID). Connections trust the system's certificates plus NODE_EXTRA_CA_CERTS, and refuse a private address at connect
 * time as the subscription was refused at subscribe time. A device the push service answers 404 or 410 is removed.
 */
@Injectable()
export class WebPushChannel extends PushChannel {
  /** certificates trusted besides the system's and NODE_EXTRA_CA_CERTS (the tests' own push service) */
  extraCa: string[] = [];
  private cached?: { agent: Agent; ca: number };

  constructor(private readonly kernel: KernelPorts) {
    super();
  }

  private agent(): Agent {
    if (this.cached?.ca === this.extraCa.length) return this.cached.agent;
    const system = caCertificates('system');
    const allowedHosts = new Set(this.kernel.config.push.allowedEndpoints.map((o) => new URL(o).hostname));
    const agent = new Agent({
      keepAlive: true,
      ca: [...(caCertificates('default') ?? tls.rootCertificates), ...(system ?? []), ...this.extraCa],
      lookup: guardedLookup(allowedHosts),
    });
    this.cached = { agent, ca: this.extraCa.length };
    return agent;
  }

  private async doc(userId: string) {
    return (await pushSubscriptionsReadModel.get(this.kernel.readModels, userId))?.doc ?? null;
  }

  async unwanted(n: Decided): Promise<string | null> {
    const doc = await this.doc(n.recipientId);
    if (!doc?.subscriptions.length) return 'nessun dispositivo iscritto alle notifiche push';
    if (n.topic && doc.optedOut.includes(n.topic)) return 'argomento escluso dal destinatario';
    return null;
  }

  async send(n: Decided): Promise<{ delivered: number; removed: number }> {
    const doc = await this.doc(n.recipientId);
    const payload = pushPayloadOf(n);
    const { config } = this.kernel;
    let delivered = 0;
    let removed = 0;
    const errors: string[] = [];
    for (const entry of doc?.subscriptions ?? []) {
      const subscription = await this.kernel.personalData.open<PushSubscriptionRequest>(entry.subscription);
      if (!subscription) continue;
      try {
        await checkPushEndpoint(subscription.endpoint, config.push.allowedEndpoints);
        await sendNotification(subscription, JSON.stringify(payload), {
          vapidDetails: { subject: config.push.subject, publicKey: config.push.vapid.publicKey, privateKey: config.push.vapid.privateKey },
          ...DELIVERY[payload.topic],
          agent: this.agent(),
          timeout: 10_000,
        });
        delivered++;
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await this.kernel.commands.execute(
            new UnsubscribePush(
              pushStreamName(n.recipientId),
              { type: 'Unsubscribe', userId: n.recipientId, subscriptionId: entry.id, reason: 'gone' },
              this.metadata(),
            ),
          );
          removed++;
        } else errors.push(error instanceof WebPushError ? `HTTP ${error.statusCode}` : error instanceof Error ? error.message : String(error));
      }
    }
    // retried (by the outbox) only when no device took it and some failed for a reason that may pass
    if (delivered === 0 && errors.length > 0) throw new Error(`nessun dispositivo raggiunto: ${errors.join('; ')}`);
    return { delivered, removed };
  }

  private metadata(): EventMetadata {
    const id = randomUUID();
    return { userId: 'system', role: 'system', at: this.kernel.clock.now().toISOString(), correlationId: id, causationId: id };
  }
}
