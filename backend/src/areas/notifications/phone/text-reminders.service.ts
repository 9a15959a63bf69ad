import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  notificationStreamName,
  outsideQuietHours,
  parseRecordedEvent,
  practiceInstant,
  reminderSchedule,
  type EventMetadata,
  type RecordedEvent,
  type ReminderSettings,
  type Subscription,
} from '@studio/contracts';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { startReactor } from '../../../platform/kernel/reactor';
import { ContactPreferencesService } from '../../accounts/users';
import { readReminderSettings } from '../../practice';
import { CancelNotification, DecideNotification, type Decided } from '../mail';
import { textMessagesReadModel } from './read-models';

type TextChannel = 'sms' | 'whatsapp';
const FAILED = new Set(['failed', 'undelivered']);
const REACTS_TO = new Set(['NotificationDecided', 'NotificationFailed', 'PhoneMessageStatusReported', 'BookingCancelled', 'BookingRescheduled']);

/**
 * Decides the SMS and WhatsApp messages of the outbox, as a reactor: the confirmation and the reminders of the
 * practice's schedule beside each visit's confirmation email, the waiting list's offer, and the next channel when one
 * fails for good. Each on the channels the patient agreed to, in the practice's order; each id from its cause, so
 * deciding twice appends once. A visit cancelled or moved cancels its pending texts at once (those of the old time,
 * for a move: the new time's are decided from the move's email); the check when they come due (stillWanted) stays, for a
 * text decided after the cancellation was read.
 */
@Injectable()
export class TextRemindersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Promemoria SMS e WhatsApp');
  private subscription?: Subscription;

  constructor(
    private readonly kernel: KernelPorts,
    private readonly contacts: ContactPreferencesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startReactor(
      { appDb: this.kernel.appDb, eventStore: this.kernel.eventStore },
      'text-messages',
      ['notification-', 'phonemessage-', 'booking-'],
      (e) => this.react(e),
      (e) => this.logger.error(String(e)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  async react(recorded: RecordedEvent): Promise<void> {
    if (!REACTS_TO.has(recorded.type)) return;
    const event = parseRecordedEvent(recorded);
    const metadata: EventMetadata = {
      userId: 'system',
      role: 'system',
      at: event.metadata.at,
      correlationId: event.metadata.correlationId ?? event.id,
      causationId: event.id,
    };
    if (event.type === 'BookingCancelled' || event.type === 'BookingRescheduled') {
      const moved = event.type === 'BookingRescheduled' ? event.data.sequence : null;
      return this.cancelPending(event.data.bookingId, moved, recorded.position, event.data.at, metadata);
    }
    let decided: Decided[] = [];
    if (event.type === 'NotificationDecided') decided = await this.plan(event.data);
    else if (event.type === 'NotificationFailed' && !event.data.retryAt)
      decided = await this.fallback(event.data.notificationId, recorded.position, event.data.at);
    else if (event.type === 'PhoneMessageStatusReported' && FAILED.has(event.data.status) && event.data.notificationId)
      decided = await this.fallback(event.data.notificationId, recorded.position, event.data.at);
    await Promise.all(
      decided.map((d) =>
        this.kernel.commands.execute(new DecideNotification(notificationStreamName(d.notificationId), { type: 'Decide', decided: d }, metadata)),
      ),
    );
  }

  /**
   * Cancels the texts of a visit still waiting to leave: all of them for a cancelled visit, those of the times before
   * `movedTo` (the move's sequence) for a moved one. A text already claimed for sending is left to its worker, whose
   * check before the send drops it; the outbox cancels only what is pending, so doing this twice appends once.
   */
  private async cancelPending(bookingId: string, movedTo: number | null, position: number, at: string, metadata: EventMetadata): Promise<void> {
    await this.kernel.changes.waitFor(position, 10_000).catch(() => undefined);
    const texts = await textMessagesReadModel.find(this.kernel.readModels, { booking_id: bookingId });
    const reason = movedTo === null ? 'visita annullata' : 'visita spostata';
    const pending = texts.filter((t) => t.doc.status === 'pending' && (movedTo === null || (t.doc.decided.sequence ?? 0) < movedTo));
    for (const t of pending) {
      await this.kernel.commands.execute(new CancelNotification(notificationStreamName(t.doc.id), { type: 'Cancel', reason, now: at }, metadata));
    }
  }

  /** the patient's text channels, in the practice's order: agreed to, with a mobile to write to */
  private async chain(patientId: string, settings: ReminderSettings): Promise<TextChannel[]> {
    const wanted = settings.channels.filter((c): c is TextChannel => c === 'sms' || c === 'whatsapp');
    if (wanted.length === 0) return [];
    const [consent, phone] = await Promise.all([this.contacts.channels(patientId), this.contacts.phoneOf(patientId)]);
    return phone ? wanted.filter((c) => consent[c]) : [];
  }

  /** what a patient's email of a confirmed or moved visit, or of a waiting-list offer, calls for by text */
  async plan(n: Decided): Promise<Decided[]> {
    if ((n.channel ?? 'email') !== 'email' || n.recipientRole !== 'patient' || !n.start || !n.bookingId) return [];
    if (!['booking_confirmed', 'booking_rescheduled', 'waiting_list_offer'].includes(n.kind)) return [];
    const settings = await readReminderSettings(this.kernel.readModels);
    const chain = await this.chain(n.patientId, settings);
    if (chain.length === 0) return [];
    const [channel, ...rest] = chain;
    const tz = this.kernel.config.practiceTimeZone;
    const visitAt = practiceInstant(n.start, tz).getTime();
    const base = { ...n, channel, accountLink: null };
    const quiet = (due: number) => new Date(outsideQuietHours(due, visitAt, settings.quietHours, tz)).toISOString();
    if (n.kind === 'waiting_list_offer') {
      return [{ ...base, notificationId: `text-offer-${n.bookingId}`, text: 'waiting_list_offer', fallback: rest, dueAt: quiet(Date.parse(n.dueAt)) }];
    }
    const email = settings.channels.includes('email') ? (['email'] as const) : [];
    return reminderSchedule({ bookedAt: Date.parse(n.dueAt), visitAt, hoursBefore: settings.hoursBefore }).map((p) =>
      p.kind === 'confirmation'
        ? {
            ...base,
            kind: 'booking_confirmed',
            notificationId: `text-confirmation-${n.bookingId}-${n.sequence}`,
            text: 'confirmation',
            fallback: rest,
            dueAt: quiet(p.dueAt),
          }
        : {
            ...base,
            kind: 'reminder',
            notificationId: `text-reminder-${n.bookingId}-${n.sequence}-${p.hoursBefore}h`,
            text: 'reminder',
            hoursBefore: p.hoursBefore ?? undefined,
            // a reminder that reaches no phone goes by email, where the practice allows it
            fallback: [...rest, ...email],
            dueAt: quiet(p.dueAt),
          },
    );
  }

  /** a text failed for good: the same message on its next channel, at once (none left: it shows as not delivered) */
  private async fallback(notificationId: string, position: number, at: string): Promise<Decided[]> {
    await this.kernel.changes.waitFor(position, 10_000).catch(() => undefined);
    const doc = (await textMessagesReadModel.get(this.kernel.readModels, notificationId))?.doc;
    const [next, ...rest] = doc?.decided.fallback ?? [];
    if (!doc || !next) return [];
    const { text: _text, ...decided } = doc.decided;
    const id = `${notificationId.split('~')[0]}~${next}`;
    if (next === 'email') return doc.decided.kind === 'reminder' ? [{ ...decided, notificationId: id, channel: 'email', fallback: [], dueAt: at }] : [];
    return [{ ...doc.decided, notificationId: id, channel: next, fallback: rest, dueAt: at }];
  }
}
