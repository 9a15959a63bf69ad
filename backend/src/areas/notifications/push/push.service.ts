import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  notificationStreamName,
  parseRecordedEvent,
  pushStreamName,
  type EventMetadata,
  type PushSettingsView,
  type PushSubscriptionRequest,
  type PushTopic,
  type RecordedEvent,
  type SessionUser,
  type Subscription,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { startReactor } from '../../../platform/kernel/reactor';
import { DecideNotification, type Decided } from '../mail';
import { checkPushEndpoint } from '../../../platform/http/outbound-guard';
import { SetPushTopics, SubscribePush, UnsubscribePush } from './push.commands';
import { pushSubscriptionsReadModel } from './read-models';

/** the diary's comment event, by its type name: the diary may be recorded by a later version of the catalogue */
const DIARY_COMMENTED = 'DiaryEntryCommented';

/**
 * A person's devices for Web Push, and the reactor that decides the pushes: a message from the practice, a plan sent,
 * a comment on the diary, and a twin of every visit reminder. Each is a notification of the outbox on the push channel
 * (once only, retried, dead letters), with an id derived from its cause so that reacting twice decides once.
 */
@Injectable()
export class PushService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifiche push');
  private subscription?: Subscription;

  constructor(private readonly kernel: KernelPorts) {}

  publicKey(): string {
    return this.kernel.config.push.vapid.publicKey;
  }

  private mine(user: SessionUser): void {
    if (user.role !== 'patient') throw new ForbiddenError('Le notifiche push sono per i pazienti.', 'solo_pazienti');
  }

  async settings(user: SessionUser): Promise<PushSettingsView> {
    this.mine(user);
    const doc = (await pushSubscriptionsReadModel.get(this.kernel.readModels, user.id))?.doc;
    return { publicKey: this.publicKey(), subscriptions: doc?.subscriptions.length ?? 0, optedOut: doc?.optedOut ?? [] };
  }

  async subscribe(user: SessionUser, input: PushSubscriptionRequest, metadata: EventMetadata): Promise<PushSettingsView> {
    this.mine(user);
    await checkPushEndpoint(input.endpoint, this.kernel.config.push.allowedEndpoints);
    const subscription = await this.kernel.personalData.seal(user.id, { endpoint: input.endpoint, keys: input.keys });
    await this.run(
      new SubscribePush(
        pushStreamName(user.id),
        { type: 'Subscribe', userId: user.id, subscriptionId: this.kernel.personalData.lookupHash(input.endpoint), subscription },
        metadata,
      ),
    );
    return this.settings(user);
  }

  async unsubscribe(user: SessionUser, endpoint: string, metadata: EventMetadata): Promise<PushSettingsView> {
    this.mine(user);
    const subscriptionId = this.kernel.personalData.lookupHash(endpoint);
    await this.run(new UnsubscribePush(pushStreamName(user.id), { type: 'Unsubscribe', userId: user.id, subscriptionId, reason: 'user' }, metadata));
    return this.settings(user);
  }

  async setTopics(user: SessionUser, optedOut: PushTopic[], metadata: EventMetadata): Promise<PushSettingsView> {
    this.mine(user);
    await this.run(new SetPushTopics(pushStreamName(user.id), { type: 'SetTopics', userId: user.id, optedOut }, metadata));
    return this.settings(user);
  }

  private async run(command: SubscribePush | UnsubscribePush | SetPushTopics): Promise<void> {
    const { position } = await this.kernel.commands.execute<typeof command, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }

  // ---- the reactor -----------------------------------------------------------------------------

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startReactor(
      { appDb: this.kernel.appDb, eventStore: this.kernel.eventStore },
      'push-notifications',
      ['conversation-', 'diet-', 'diary-', 'notification-'],
      (e) => this.react(e),
      (e) => this.logger.error(String(e)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** the push a committed event calls for (null: none), decided on the outbox's stream of that id */
  pushFor(recorded: RecordedEvent): Decided | null {
    const at = recorded.metadata.at ?? recorded.recordedAt;
    const base = {
      recipientRole: 'patient' as const,
      dueAt: at,
      bookingId: null,
      start: null,
      end: null,
      sequence: 0,
      receipt: null,
      offerExpiresAt: null,
      channel: 'push' as const,
    };
    if (recorded.type === DIARY_COMMENTED) {
      const d = recorded.data as { patientId?: unknown; commentId?: unknown; doctorId?: unknown };
      if (typeof d.patientId !== 'string' || typeof d.commentId !== 'string') return null;
      const doctorId = typeof d.doctorId === 'string' ? d.doctorId : 'system';
      return {
        ...base,
        notificationId: `push-diary-${d.commentId}`,
        kind: 'diary_comment',
        topic: 'diary_comment',
        recipientId: d.patientId,
        patientId: d.patientId,
        doctorId,
      };
    }
    if (!['MessageSent', 'DietSentToPatient', 'NotificationDecided'].includes(recorded.type)) return null;
    const event = parseRecordedEvent(recorded);
    switch (event.type) {
      case 'MessageSent':
        if (event.data.fromPatient) return null;
        return {
          ...base,
          notificationId: `push-message-${event.data.messageId}`,
          kind: 'new_message',
          topic: 'new_message',
          recipientId: event.data.patientId,
          patientId: event.data.patientId,
          doctorId: event.data.authorId,
        };
      case 'DietSentToPatient':
        return {
          ...base,
          notificationId: `push-diet-${event.data.sendId}`,
          kind: 'diet_sent',
          topic: 'diet_sent',
          recipientId: event.data.patientId,
          patientId: event.data.patientId,
          doctorId: event.data.doctorId,
        };
      case 'NotificationDecided': {
        const n = event.data;
        // the visit reminder's twin: the same visit, the same time, checked again before sending as the email is
        if (n.kind !== 'reminder' || (n.channel ?? 'email') !== 'email' || n.recipientRole !== 'patient') return null;
        return { ...n, notificationId: `push-${n.notificationId}`, channel: 'push', topic: 'visit_reminder' };
      }
      default:
        return null;
    }
  }

  async react(recorded: RecordedEvent): Promise<void> {
    const decided = this.pushFor(recorded);
    if (!decided) return;
    const id = randomUUID();
    const metadata: EventMetadata = {
      userId: 'system',
      role: 'system',
      at: recorded.metadata.at ?? recorded.recordedAt,
      correlationId: recorded.metadata.correlationId ?? id,
      causationId: recorded.id,
    };
    await this.kernel.commands.execute(new DecideNotification(notificationStreamName(decided.notificationId), { type: 'Decide', decided }, metadata));
  }
}
