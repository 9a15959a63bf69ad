import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  SEGRETERIA,
  bookingStreamName,
  conversationStreamName,
  notificationStreamName,
  parseRecordedEvent,
  phoneMessageStreamName,
  type EventData,
  type EventMetadata,
  type PhoneTextKind,
  type RecordedEvent,
  type SessionUser,
  type Subscription,
} from '@studio/contracts';
import { AppError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { startReactor } from '../../../platform/kernel/reactor';
import { ContactPreferencesService } from '../../accounts/users';
import { bookingsReadModel, type BookingDoc } from '../../scheduling/booking';
import { BookingLifecycleService } from '../../scheduling/workflows';
import { DecideNotification, type Decided } from '../mail';
import { MessagesService } from '../messages';
import { RecordReplyAnswer } from './phone.commands';
import { textMessagesReadModel } from './read-models';
import { replyIntent } from './reply-words';

type Answer = EventData<'PhoneReplyAnswered'>['answer'];
const ANSWER_TEXT: Partial<Record<Answer, PhoneTextKind>> = { confirmed: 'confirmed_by_reply', cancel_refused: 'cancel_refused', forwarded: 'forwarded' };

/**
 * Answers by reply, as a reactor on the replies the webhooks recorded: the visit the last text was about is confirmed
 * ("confermata dal paziente") or cancelled with today's rules (the booking's own cancellation: refund before the
 * cut-off, the slot to the waiting list), STOP turns the channel off, anything else goes to the segreteria as the
 * patient's message. The patient is told what happened, on the channel they wrote from. Each reply is answered once.
 * The action comes before the answer is recorded, so a process that dies in between handles the reply again: what the
 * reply already did is found by its causation (the reply event's id in the metadata) and is not done twice.
 */
@Injectable()
export class TextRepliesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Risposte ai promemoria');
  private subscription?: Subscription;

  constructor(
    private readonly kernel: KernelPorts,
    private readonly contacts: ContactPreferencesService,
    private readonly lifecycle: BookingLifecycleService,
    private readonly messages: MessagesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startReactor(
      { appDb: this.kernel.appDb, eventStore: this.kernel.eventStore },
      'text-replies',
      ['phonemessage-'],
      (e) => this.react(e),
      (e) => this.logger.error(String(e)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  async react(recorded: RecordedEvent): Promise<void> {
    if (recorded.type !== 'PhoneReplyReceived') return;
    const event = parseRecordedEvent(recorded);
    if (event.type !== 'PhoneReplyReceived') return;
    const reply = event.data;
    const stream = phoneMessageStreamName(reply.provider, reply.providerMessageId);
    const metadata: EventMetadata = {
      userId: 'system',
      role: 'system',
      at: reply.at,
      correlationId: event.metadata.correlationId ?? event.id,
      causationId: event.id,
    };
    const answered = (await this.kernel.eventStore.readStream(stream)).find((e) => e.type === 'PhoneReplyAnswered');
    // answered before the process died: only the text telling the patient may be missing (deciding it twice appends once)
    if (answered) return this.answerAgain(answered.data as EventData<'PhoneReplyAnswered'>, reply, event.id, metadata);
    const [from, body] = await Promise.all([this.kernel.personalData.open<string>(reply.from), this.kernel.personalData.open<string>(reply.body)]);
    const patientId = from ? await this.contacts.patientByPhone(from) : null;
    const record = (answer: Answer, bookingId: string | null) =>
      this.kernel.commands.execute(
        new RecordReplyAnswer(
          stream,
          {
            type: 'RecordAnswer',
            answer: { provider: reply.provider, providerMessageId: reply.providerMessageId, answer, patientId, bookingId, at: reply.at },
          },
          metadata,
        ),
      );
    if (!patientId || body === null) return void (await record('unknown_sender', null));
    const patient: SessionUser = { id: patientId, role: 'patient', name: '' };
    const intent = replyIntent(body);
    const earlier = intent === 'cancel' ? await this.cancelledBy(patientId, event.id) : null;
    const booking = earlier?.booking ?? (intent === 'confirm' || intent === 'cancel' ? await this.visitAbout(patientId) : null);
    let answer: Answer;
    let text: PhoneTextKind | undefined;
    if (earlier) {
      // cancelled by this very reply before the process died: its workflow resumes at start, the answer is recorded now
      answer = 'cancelled';
      text = earlier.refund === 'full' ? 'cancelled_by_reply' : 'cancelled_late_by_reply';
    } else if (intent === 'stop') {
      await this.contacts.optOut(patientId, reply.channel, reply.providerMessageId, metadata);
      answer = 'opted_out';
    } else if (intent === 'confirm' && booking) {
      answer = 'confirmed';
    } else if (intent === 'cancel' && booking) {
      try {
        const view = await this.lifecycle.cancel(booking.id, patient, undefined, metadata);
        answer = 'cancelled';
        text = view.cancellation?.refund === 'full' ? 'cancelled_by_reply' : 'cancelled_late_by_reply';
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answer = 'cancel_refused';
      }
    } else {
      // a message of the patient's own, or a 1 or 2 with no visit to answer about: the segreteria reads it (once)
      const conversation = await this.kernel.eventStore.readStream(conversationStreamName(patientId)).catch(() => []);
      if (!conversation.some((e) => e.type === 'MessageSent' && e.metadata.causationId === event.id)) {
        await this.messages.sendAsPatient(patient, SEGRETERIA, body, null, metadata);
      }
      answer = 'forwarded';
    }
    await record(answer, booking?.id ?? null);
    const kind = text ?? ANSWER_TEXT[answer];
    // STOP: the provider's own confirmation suffices (nothing more is sent on a channel just turned off)
    if (kind) await this.answer(kind, reply, patientId, booking, metadata);
  }

  private async answerAgain(answered: EventData<'PhoneReplyAnswered'>, reply: EventData<'PhoneReplyReceived'>, replyEventId: string, metadata: EventMetadata) {
    if (!answered.patientId) return;
    const booking = answered.bookingId ? ((await bookingsReadModel.get(this.kernel.readModels, answered.bookingId))?.doc ?? null) : null;
    let kind = ANSWER_TEXT[answered.answer];
    if (answered.answer === 'cancelled') {
      const refund = (await this.cancelledBy(answered.patientId, replyEventId))?.refund;
      kind = refund === 'none' ? 'cancelled_late_by_reply' : 'cancelled_by_reply';
    }
    if (kind) await this.answer(kind, reply, answered.patientId, booking, metadata);
  }

  /** the visit of the patient's texts that this reply (its event id) cancelled already, and its refund */
  private async cancelledBy(patientId: string, replyEventId: string): Promise<{ booking: BookingDoc; refund: 'full' | 'none' } | null> {
    const texts = await textMessagesReadModel.find(this.kernel.readModels, { patient_id: patientId });
    for (const bookingId of new Set(texts.map((t) => t.doc.bookingId).filter((id): id is string => !!id))) {
      const events = await this.kernel.eventStore.readStream(bookingStreamName(bookingId)).catch(() => []);
      const cancelled = events.find((e) => e.type === 'BookingCancelled' && e.metadata.causationId === replyEventId);
      const booking = cancelled && (await bookingsReadModel.get(this.kernel.readModels, bookingId))?.doc;
      if (cancelled && booking) return { booking, refund: (cancelled.data as { refund: 'full' | 'none' }).refund };
    }
    return null;
  }

  /** the patient's confirmed visit still ahead that the latest text was about */
  private async visitAbout(patientId: string): Promise<BookingDoc | null> {
    const texts = await textMessagesReadModel.find(this.kernel.readModels, { patient_id: patientId });
    const now = this.kernel.clock.now().toISOString();
    for (const t of texts.map((d) => d.doc).sort((a, b) => b.at.localeCompare(a.at))) {
      if (!t.bookingId || t.providerMessageId === null) continue;
      const booking = (await bookingsReadModel.get(this.kernel.readModels, t.bookingId))?.doc;
      if (booking?.status === 'confirmed' && booking.start.slice(0, 10) >= now.slice(0, 10)) return booking;
    }
    return null;
  }

  private async answer(kind: PhoneTextKind, reply: EventData<'PhoneReplyReceived'>, patientId: string, booking: BookingDoc | null, metadata: EventMetadata) {
    const decided: Decided = {
      notificationId: `text-answer-${reply.provider}-${reply.providerMessageId}`,
      kind: 'text_answer',
      recipientId: patientId,
      recipientRole: 'patient',
      dueAt: reply.at,
      bookingId: booking?.id ?? null,
      doctorId: booking?.doctorId ?? patientId,
      patientId,
      start: booking?.start ?? null,
      end: booking?.end ?? null,
      sequence: 0,
      receipt: null,
      offerExpiresAt: null,
      channel: reply.channel,
      fallback: [],
      text: kind,
    };
    await this.kernel.commands.execute(new DecideNotification(notificationStreamName(decided.notificationId), { type: 'Decide', decided }, metadata));
  }
}
