import { Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  bookingStreamName,
  notificationStreamName,
  parseRecordedEvent,
  waitingListStreamName,
  type LocalMailView,
  type RecordedDomainEvent,
  type RecordedEvent,
  type Subscription,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';

import { ForbiddenError } from '../../../platform/common/errors';

import { startReactor } from '../../../platform/kernel/reactor';
import { outboxHeld } from '../../../platform/kernel/app-db';
import { localTransport, smtpTransport, type MailTransport } from './mail-transport';
import { CAUSE_TYPES, decideNotifications, type Cause } from './notify';
import { OutboxWorker } from './outbox-worker';
import { PushChannel } from './push-channel';
import { PhoneChannel } from './phone-channel';
import { DecideNotification } from './outbox.commands';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { usersReadModel } from '../../accounts/users';

const CAUSES = new Set<string>(CAUSE_TYPES);

/**
 * The outbox: a reactor decides the messages an event calls for as soon as it is committed (one stream per message,
 * appended once), and the worker sends them when due. Without SMTP_URL, outside production, messages go to the
 * local outbox shown at /posta; in production without SMTP_URL nothing is sent and a warning says so.
 */
@Injectable()
export class NotificationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifiche');
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;
  private offChanges?: () => void;
  readonly transport: MailTransport | null;
  readonly worker: OutboxWorker | null;

  constructor(
    private readonly kernel: KernelPorts,
    @Optional() push?: PushChannel,
    @Optional() phone?: PhoneChannel,
  ) {
    const { config, eventStore, readModels, changes, personalData, appDb, clock } = kernel;
    const mail = config.mail;
    this.transport = mail.smtpUrl ? smtpTransport(mail.smtpUrl) : config.production ? null : localTransport(appDb, () => clock.now());
    // without SMTP in production the worker still sends texts and pushes; emails wait for SMTP_URL
    this.worker =
      (this.transport || phone) && mail.worker
        ? new OutboxWorker({
            core: { config, eventStore, readModels, changes, personalData },
            commands: this.kernel.commands,
            clock,
            transport: this.transport,
            log: { warn: (m) => this.logger.warn(m), error: (m) => this.logger.error(m) },
            held: () => outboxHeld(appDb),
            push,
            phone,
          })
        : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.transport) this.logger.warn('SMTP_URL non impostata: nessuna email verrà inviata.');
    this.subscription = await startReactor(
      { appDb: this.kernel.appDb, eventStore: this.kernel.eventStore },
      'notifications',
      ['booking-', 'receipts-', 'waitinglist-', 'user-', 'diet-'],
      (e) => this.react(e),
      (e) => this.logger.error(String(e)),
    );
    const worker = this.worker;
    if (!worker) return;
    // the outbox sender runs on one instance at a time (its lease on each message holds across instances anyway)
    const kick = () => {
      // its reactor closed by the event store (the stores are closed: the process is going, or a test dropped the app
      // without its shutdown hooks): nothing can be sent any more, so the timer stops instead of failing every second
      if (this.subscription?.closed) return clearInterval(this.timer);
      void this.kernel.jobs
        .holds('outbox-sender')
        .then((mine) => (mine ? worker.runDue() : 0))
        .catch((e) => this.logger.error(`Invio delle notifiche: ${String(e)}`));
    };
    // a message decided for now is sent as soon as the read model shows it; the timer catches due reminders and retries
    this.offChanges = this.kernel.changes.onChange((changes) => {
      if (
        changes.some(
          (c) =>
            c.projection === 'notifications' &&
            (c.doc as { status?: string } | null)?.status === 'pending' &&
            (c.doc as { nextAt: string }).nextAt <= this.kernel.clock.now().toISOString(),
        )
      )
        kick();
    });
    if (this.kernel.config.mail.pollMs > 0) {
      this.timer = setInterval(kick, this.kernel.config.mail.pollMs);
      this.timer.unref();
    }
    // once the read models are up (the projection runner starts after the modules), what was left due is sent
    void this.kernel.changes.waitFor(1, 24 * 3_600_000).then(kick, () => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.offChanges?.();
    await this.subscription?.close();
    await this.worker?.runDue().catch(() => 0);
    this.transport?.close();
  }

  /** sends what is due by the clock's now (the timer calls it; tests too, after moving the clock) */
  runDue(): Promise<number> {
    return this.worker?.runDue() ?? Promise.resolve(0);
  }

  /**
   * turns a committed event into the messages it calls for; appending a message already decided changes nothing. The
   * event and the history it reads are checked against the catalogue first: an invalid one throws InvalidEventError,
   * naming it, and decides nothing.
   */
  async react(recorded: RecordedEvent): Promise<void> {
    if (!CAUSES.has(recorded.type)) return;
    const event = parseRecordedEvent(recorded);
    const cause = await this.causeOf(event);
    if (!cause) return;
    const decided = decideNotifications(cause, { reminderHours: this.kernel.config.mail.reminderHours, timeZone: this.kernel.config.practiceTimeZone });
    const id = randomUUID();
    const metadata = {
      userId: 'system',
      role: 'system' as const,
      at: event.metadata.at,
      correlationId: event.metadata.correlationId ?? id,
      causationId: event.id,
    };
    // one stream each: appended side by side (the store group-commits them)
    await Promise.all(
      decided.map((d) =>
        this.kernel.commands.execute(new DecideNotification(notificationStreamName(d.notificationId), { type: 'Decide', decided: d }, metadata)),
      ),
    );
  }

  private async causeOf(event: RecordedDomainEvent): Promise<Cause | null> {
    const at = event.metadata.at ?? event.recordedAt;
    switch (event.type) {
      case 'BookingConfirmed':
      case 'BookingCancelled':
      case 'BookingRescheduled': {
        const booking = await this.kernel.eventStore.readStream(bookingStreamName(event.data.bookingId));
        // only what was known when this event committed
        const upTo = booking.filter((e) => e.position <= event.position).map(parseRecordedEvent);
        // one case each, so the cause's type and data stay paired (a union's type and data taken apart are not)
        switch (event.type) {
          case 'BookingConfirmed':
            return { type: event.type, data: event.data, at, booking: upTo };
          case 'BookingCancelled':
            return { type: event.type, data: event.data, at, booking: upTo };
          case 'BookingRescheduled':
            return { type: event.type, data: event.data, at, booking: upTo };
        }
        break;
      }
      case 'ReceiptIssued':
        return { type: 'ReceiptIssued', data: event.data, at };
      case 'WaitingListOfferMade': {
        const data = event.data;
        const doctorId = event.stream.slice(waitingListStreamName('').length);
        const list = await this.kernel.eventStore.readStream(waitingListStreamName(doctorId));
        // only the list's reservations are read, each checked before its booking is compared
        for (const recorded of list) {
          if (recorded.type !== 'WaitingListOfferReserved') continue;
          const offer = parseRecordedEvent(recorded);
          if (offer.type === 'WaitingListOfferReserved' && offer.data.bookingId === data.bookingId)
            return { type: 'WaitingListOfferMade', data, at, offer: offer.data };
        }
        return null;
      }
      case 'StaffInvited':
        return { type: 'StaffInvited', data: event.data, at };
      case 'EmailConfirmationRequested':
        return { type: 'EmailConfirmationRequested', data: event.data, at };
      case 'PasswordResetRequested': {
        const account = (await usersReadModel.get(this.kernel.readModels, event.data.userId))?.doc;
        return { type: 'PasswordResetRequested', data: event.data, at, recipientRole: account?.role ?? 'patient' };
      }
      case 'DietSentToPatient':
        return { type: 'DietSentToPatient', data: event.data, at };
      default:
        return null;
    }
  }

  /** GET /api/posta: the local outbox, newest first */
  async localMail(limit = 200): Promise<LocalMailView[]> {
    if (this.transport?.kind !== 'local') throw new ForbiddenError('La posta locale esiste solo senza SMTP_URL, fuori produzione.', 'posta_locale_assente');
    const rows = await this.kernel.appDb.selectFrom('local_mail').selectAll().orderBy('at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map((r) => {
      const m = JSON.parse(r.message) as Omit<LocalMailView, 'id' | 'at'>;
      return { id: r.id, at: r.at, notificationId: r.notification_id, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments };
    });
  }
}
