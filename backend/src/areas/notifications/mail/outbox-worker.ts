import type { CommandBus } from '@nestjs/cqrs';
import { readLocation } from '../../../platform/config/locations';
import {
  bookingStreamName,
  cancellationPolicy,
  notificationStreamName,
  orderStreamName,
  parseRecordedEvent,
  practiceInstant,
  videoRoomUrl,
  type EventMetadata,
} from '@studio/contracts';
import type { NotificationDoc } from './notifications.projection';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../platform/common/clock';
import { AppError } from '../../../platform/common/errors';
import { readState } from '../../../platform/event-store/command-handler';
import { readPracticeIdentity } from '../../../platform/config/practice-settings';
import { type Ports } from '../../../platform/kernel/ports';
import type { MailTransport } from './mail-transport';
import type { PushChannel } from './push-channel';
import { TextRefused, type PhoneChannel } from './phone-channel';
import { safeError, senderAddress } from './mail-transport';
import { renderMessage, type Decided } from './messages';
import { stillWanted } from './notify';
import { outboxDecider } from './outbox.decider';
import { CancelNotification, ClaimNotification, MarkNotificationFailed, MarkNotificationSent } from './outbox.commands';
import { accountLinkToken, accountLinkUrl } from '../../accounts/users';
import { usersReadModel } from '../../accounts/users';

interface Personal {
  name: string;
  surname: string;
  email: string;
}

export interface OutboxWorkerOptions {
  /** the parts of the core it uses */
  core: Pick<Ports, 'config' | 'eventStore' | 'readModels' | 'changes' | 'personalData'>;
  /** the app's CommandBus (the one way to the log) */
  commands: Pick<CommandBus, 'execute'>;
  clock: Clock;
  /** null: no SMTP in production, emails wait (texts and pushes still go) */
  transport: MailTransport | null;
  log: { warn(message: string): void; error(message: string): void };
  /** test hook: runs after the SMTP server accepted a message and before it is marked sent */
  afterSend?: (notificationId: string) => Promise<void>;
  concurrency?: number;
  /** true while outgoing messages are held (a restored copy, until an operator releases them): nothing is sent */
  held?: () => Promise<boolean>;
  /** the Web Push channel (absent: push notifications wait, as messages do while held) */
  push?: PushChannel;
  /** SMS and WhatsApp (absent: texts are dropped, nothing could send them) */
  phone?: PhoneChannel;
}

const isText = (n: Decided) => n.channel === 'sms' || n.channel === 'whatsapp';

/** MAIL_FROM gives the address; the name shown is the practice's, as set now */
const mailAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/**
 * The one sender. A due message is claimed on its stream (expected revision: one worker wins), sent, then marked
 * sent or failed (retried with backoff). A crash between send and mark leaves it claimed; once the claim's lease
 * runs out it is sent again with the same Message-ID: the one case where a message can arrive twice (documented in
 * docs/notifiche.md, counted by the kill -9 test). Nothing is ever lost: an unmarked claim is always retried.
 */
export class OutboxWorker {
  private running: Promise<number> = Promise.resolve(0);
  private again = false;

  constructor(private readonly o: OutboxWorkerOptions) {}

  private metadata(): EventMetadata {
    const id = randomUUID();
    return { userId: 'system', role: 'system', at: this.o.clock.now().toISOString(), correlationId: id, causationId: id };
  }

  /** sends every message due by the clock's now; runs are serialised, a call during a run asks for one more */
  runDue(): Promise<number> {
    this.again = true;
    this.running = this.running
      .catch(() => 0)
      .then(async () => {
        let total = 0;
        while (this.again) {
          this.again = false;
          total += await this.sweep();
        }
        return total;
      });
    return this.running;
  }

  private async sweep(): Promise<number> {
    if (await this.o.held?.()) return 0;
    const now = this.o.clock.now().toISOString();
    let sent = 0;
    for (;;) {
      const models = this.o.core.readModels;
      const leaseEnd = new Date(Date.parse(now) - this.o.core.config.mail.leaseMs).toISOString();
      // due messages, and claims left unfinished past their lease (a worker died between send and mark)
      const due = [
        ...(await models.find<NotificationDoc>(
          'notifications',
          { status: 'pending', next_at: { lte: now } },
          { orderBy: [{ column: 'next_at' }], limit: 100 },
        )),
        ...(await models.find<NotificationDoc>('notifications', { status: 'sending', next_at: { lte: leaseEnd } }, { limit: 100 })),
      ];
      const queue = [...due];
      const workers = Array.from({ length: Math.min(this.o.concurrency ?? 16, queue.length) }, async () => {
        for (let d = queue.shift(); d; d = queue.shift()) if (await this.deliver(d.id)) sent++;
      });
      await Promise.all(workers);
      if (due.length < 100 || sent === 0) return sent;
      // wait for the read model to show what this batch did before asking again
      await this.o.core.changes.waitFor(await this.o.core.eventStore.headPosition(), 10_000).catch(() => undefined);
    }
  }

  /** true when this call handed the message to the transport */
  async deliver(notificationId: string): Promise<boolean> {
    const { core, clock } = this.o;
    const stream = notificationStreamName(notificationId);
    const { state } = await readState(core.eventStore, stream, outboxDecider);
    if (state.status !== 'pending' && state.status !== 'sending') return false;
    const n = state.decided;
    const now = clock.now().toISOString();
    try {
      if (state.status === 'pending') {
        const booking = n.bookingId ? (await core.eventStore.readStream(bookingStreamName(n.bookingId))).map(parseRecordedEvent) : null;
        const email = (n.channel ?? 'email') === 'email';
        const recipient = n.kind === 'reminder' && email ? (await usersReadModel.get(core.readModels, n.recipientId))?.doc : null;
        // an address not confirmed yet gets no reminder (booking and paying stay open to it)
        const drop =
          recipient?.emailConfirmed === false
            ? 'email non confermata'
            : (stillWanted(n, booking) ??
              (n.channel === 'push'
                ? await (this.o.push?.unwanted(n) ?? 'notifiche push non attive')
                : isText(n)
                  ? await (this.o.phone?.unwanted(n) ?? 'messaggi di testo non attivi')
                  : null));
        if (drop) {
          await this.o.commands.execute(new CancelNotification(stream, { type: 'Cancel', reason: drop, now }, this.metadata()));
          return false;
        }
      }
      if (isText(n)) return await this.deliverText(stream, n);
      const transport = this.o.transport;
      if (!transport && n.channel !== 'push') return false;
      const people = await this.people(n);
      // a patient registered at the desk without an email has no address to write to (until they give one)
      if (!people || !people.recipient.email) {
        const reason = people ? 'nessun indirizzo email' : 'destinatario cancellato';
        if (state.status === 'pending') await this.o.commands.execute(new CancelNotification(stream, { type: 'Cancel', reason, now }, this.metadata()));
        return false;
      }
      const claimed = await this.o.commands.execute(new ClaimNotification(stream, { type: 'Claim', now, leaseMs: core.config.mail.leaseMs }, this.metadata()));
      const sending = claimed.events[0];
      if (sending?.type !== 'NotificationSending') return false;
      const attempt = sending.data.attempt;
      if (n.channel === 'push') return await this.deliverPush(stream, n, attempt);
      const config = core.config.mail;
      // the practice as it is now (settings): its name signs the message and the sender
      const practice = await readPracticeIdentity(core);
      const from = { name: practice.name, email: mailAddress(config.from) };
      // an online visit's room, in the message and as the calendar entry's place
      const history = n.bookingId ? (await core.eventStore.readStream(bookingStreamName(n.bookingId))).map(parseRecordedEvent) : [];
      const held = history.find((e) => e.type === 'BookingHeld');
      const online = held?.type === 'BookingHeld' && held.data.visit?.mode === 'online';
      // the visit's location (recorded when held), else the practice's one address: the calendar entry's place
      const location = held?.type === 'BookingHeld' && held.data.locationId ? await readLocation(core.readModels, held.data.locationId) : null;
      const message = renderMessage(n, {
        ...people,
        // the practice's real address (settings) organises the calendar entry; the sender's until one is set
        organizer: { name: practice.name, email: practice.email || from.email },
        practiceAddress: location ? `${location.name}, ${location.address}` : practice.address,
        ...(location ? { visitPlace: `${location.name}, ${location.address}` } : {}),
        ...(n.kind === 'booking_cancelled' ? await this.cancellation(history) : {}),
        ...(n.kind === 'reminder' && n.start
          ? {
              policy: (() => {
                const p = cancellationPolicy(
                  practiceInstant(n.start, core.config.practiceTimeZone).getTime(),
                  clock.now().getTime(),
                  core.config.cancellationCutoffHours,
                  'patient',
                );
                return { beforeCutoff: p.beforeCutoff, cutoffAt: p.cutoffAt };
              })(),
            }
          : {}),
        ...(online && n.bookingId ? { videoUrl: videoRoomUrl(core.config.videoBaseUrl, n.bookingId) } : {}),
        practiceName: practice.name,
        publicUrl: config.publicUrl,
        timeZone: core.config.practiceTimeZone,
        from,
        now: clock.now(),
        accountLinkUrl: n.accountLink
          ? accountLinkUrl(
              config.publicUrl,
              n.accountLink.purpose,
              accountLinkToken(core.config.sessionSecret, n.accountLink.purpose, n.recipientId, n.accountLink.linkId),
            )
          : undefined,
      });
      // the practice's own domain (PUBLIC_URL): a Message-ID of a made-up domain reads as spam to filters
      const messageId = `<${notificationId}@${new URL(config.publicUrl).hostname}>`;
      try {
        await transport!.send({ ...message, from: senderAddress(from), messageId, notificationId });
      } catch (error) {
        const text = safeError(error);
        this.o.log.warn(`Invio del messaggio ${notificationId} non riuscito (tentativo ${attempt}): ${text}`);
        await this.o.commands.execute(
          new MarkNotificationFailed(stream, { type: 'MarkFailed', attempt, now: clock.now().toISOString(), error: text }, this.metadata()),
        );
        return false;
      }
      await this.o.afterSend?.(notificationId);
      await this.o.commands.execute(
        new MarkNotificationSent(stream, { type: 'MarkSent', attempt, now: clock.now().toISOString(), messageId, transport: transport!.kind }, this.metadata()),
      );
      return true;
    } catch (error) {
      // another worker claimed or marked it first: theirs to finish
      if (error instanceof AppError && error.status === 409) return false;
      throw error;
    }
  }

  /** a push: sent to the recipient's devices, marked sent, or failed and retried as an email is */
  private async deliverPush(stream: string, n: Decided, attempt: number): Promise<boolean> {
    const { clock } = this.o;
    let delivered: number;
    try {
      if (!this.o.push) throw new Error('canale push non disponibile');
      ({ delivered } = await this.o.push.send(n));
    } catch (error) {
      const text = safeError(error);
      this.o.log.warn(`Notifica push ${n.notificationId} non riuscita (tentativo ${attempt}): ${text}`);
      await this.o.commands.execute(
        new MarkNotificationFailed(stream, { type: 'MarkFailed', attempt, now: clock.now().toISOString(), error: text }, this.metadata()),
      );
      return false;
    }
    await this.o.afterSend?.(n.notificationId);
    await this.o.commands.execute(
      new MarkNotificationSent(
        stream,
        { type: 'MarkSent', attempt, now: clock.now().toISOString(), messageId: `push:${delivered}`, transport: 'push' },
        this.metadata(),
      ),
    );
    return delivered > 0;
  }

  /**
   * An SMS or WhatsApp message: claimed, handed to the provider with the notification's id as its key, then marked
   * sent with the provider's id, or failed: for now (retried, after Retry-After when given) or for good (not retried;
   * the phone feature decides the next channel).
   */
  private async deliverText(stream: string, n: Decided): Promise<boolean> {
    const { clock, core } = this.o;
    const now = clock.now().toISOString();
    const claimed = await this.o.commands.execute(new ClaimNotification(stream, { type: 'Claim', now, leaseMs: core.config.mail.leaseMs }, this.metadata()));
    const sending = claimed.events[0];
    if (sending?.type !== 'NotificationSending') return false;
    const attempt = sending.data.attempt;
    let sent: Awaited<ReturnType<PhoneChannel['send']>>;
    try {
      if (!this.o.phone) throw new TextRefused('canale dei messaggi di testo non disponibile', false);
      sent = await this.o.phone.send(n);
    } catch (error) {
      const refused = error instanceof TextRefused ? error : null;
      const text = safeError(error);
      this.o.log.warn(`Messaggio ${n.channel} ${n.notificationId} non inviato (tentativo ${attempt}): ${text}`);
      await this.o.commands.execute(
        new MarkNotificationFailed(
          stream,
          { type: 'MarkFailed', attempt, now: clock.now().toISOString(), error: text, permanent: refused?.permanent, retryAfterMs: refused?.retryAfterMs },
          this.metadata(),
        ),
      );
      return false;
    }
    await this.o.afterSend?.(n.notificationId);
    await this.o.commands.execute(
      new MarkNotificationSent(
        stream,
        { type: 'MarkSent', attempt, now: clock.now().toISOString(), messageId: sent.messageId, transport: sent.transport, content: sent.content },
        this.metadata(),
      ),
    );
    return true;
  }

  /** who cancelled, the reason given (opened with the patient's key) and, when refunded, the amount paid for it */
  private async cancellation(history: ReturnType<typeof parseRecordedEvent>[]) {
    const cancelled = [...history].reverse().find((e) => e.type === 'BookingCancelled');
    if (cancelled?.type !== 'BookingCancelled') return {};
    const { by, reason: sealed, refund } = cancelled.data;
    const reason = sealed ? await this.o.core.personalData.open<string>(sealed) : null;
    const confirmed = history.find((e) => e.type === 'BookingConfirmed');
    let refundCents: number | null = null;
    if (refund === 'full' && confirmed?.type === 'BookingConfirmed') {
      const order = (await this.o.core.eventStore.readStream(orderStreamName(confirmed.data.orderId))).map(parseRecordedEvent);
      const refunded = order.find((e) => e.type === 'PaymentRefunded');
      const created = order.find((e) => e.type === 'OrderCreated');
      refundCents =
        refunded?.type === 'PaymentRefunded' && refunded.data.amountCents !== undefined
          ? refunded.data.amountCents
          : created?.type === 'OrderCreated'
            ? (created.data.totalCents ?? null)
            : null;
    }
    return { cancellation: { by, reason: typeof reason === 'string' ? reason : null, refundCents } };
  }

  /** addresses and names, unsealed only now: null when the recipient was erased */
  private async people(n: Decided) {
    const open = async (id: string) => {
      const user = (await usersReadModel.get(this.o.core.readModels, id))?.doc;
      return user?.personal ? this.o.core.personalData.open<Personal>(user.personal) : null;
    };
    const [recipient, patient, doctor] = await Promise.all([open(n.recipientId), open(n.patientId), open(n.doctorId)]);
    if (!recipient) return null;
    const full = (p: Personal | null) => (p ? `${p.name} ${p.surname}` : '');
    return {
      recipient: { email: recipient.email, name: full(recipient) },
      patientName: full(patient),
      doctorName: doctor ? `${doctor.name} ${doctor.surname}` : 'il medico',
    };
  }
}
