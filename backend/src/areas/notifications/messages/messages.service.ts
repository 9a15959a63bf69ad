import { Injectable } from '@nestjs/common';
import {
  EMERGENCY_NOTICE,
  MESSAGE_SETTINGS_STREAM,
  SEGRETERIA,
  attachmentFileName,
  attachmentTypeOf,
  conversationStreamName,
  parseRecordedEvent,
  type AttachmentType,
  type AttachmentView,
  type ConversationView,
  type EventMetadata,
  type MessageView,
  type MyMessagesView,
  type SessionUser,
  type StaffUnreadView,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { UsersService } from '../../accounts/users';
import { ClinicalRecordService } from '../../clinical/clinical-record';
import type { ConversationDoc, ConversationMessage } from './conversations.projection';
import { conversationId } from './conversations.projection';
import { FileMessageAttachment, MarkConversationRead, SendMessage, SetReplyHours } from './messages.commands';
import { conversationsReadModel, replyHoursReadModel } from './read-models';

/** what the access log says was read */
export const MESSAGES_READ = 'messages';
const NOT_TREATING_WRITE = 'Puoi scrivere solo ai pazienti che segui (una visita pagata con te o una cartella condivisa).';
const PATIENT_NOT_TREATED = 'Puoi scrivere solo ai medici che ti seguono (una visita pagata o la cartella condivisa con loro) e alla segreteria.';

export interface IncomingFile {
  name: string;
  bytes: Buffer;
}

/**
 * Messages between a patient and the practice. Who may take part is the record's rule (ClinicalRecordService.treats):
 * a doctor talks only with patients they treat, the segreteria with every patient, in its own conversation (never a
 * doctor's). Text and files are sealed with the patient's key; every read by staff goes to the patient's access log.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly clinical: ClinicalRecordService,
    private readonly accessLog: AccessLogService,
  ) {}

  // ---- who talks with whom -------------------------------------------------------------------

  /** the staff member's side of a patient's conversations: their own id, or the segreteria's; refused to others */
  private async staffSide(user: SessionUser, patientId: string): Promise<string> {
    if (user.role !== 'doctor' && user.role !== 'admin')
      throw new ForbiddenError('I messaggi sono riservati al paziente, ai medici che lo seguono e alla segreteria.', 'messaggi_riservati');
    const patient = await this.users.get(patientId);
    if (patient?.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    if (user.role === 'admin') return SEGRETERIA;
    if (!(await this.clinical.treats(user.id, patientId))) throw new ForbiddenError(NOT_TREATING_WRITE, 'paziente_non_seguito');
    return user.id;
  }

  /** the patient's counterpart: 'segreteria', or a doctor who treats them (null when they may not write to it) */
  private async patientMayWrite(patientId: string, to: string): Promise<boolean> {
    if (to === SEGRETERIA) return true;
    const doctor = await this.users.get(to);
    return doctor?.role === 'doctor' && (await this.clinical.treats(to, patientId));
  }

  private async open<T>(sealed: Parameters<KernelPorts['personalData']['open']>[0]): Promise<T> {
    const value = await this.kernel.personalData.open<T>(sealed);
    if (value === null) throw new NotFoundError('I dati di questo paziente sono stati cancellati.', 'dati_cancellati');
    return value;
  }

  private async conversation(patientId: string, counterpart: string): Promise<ConversationDoc | null> {
    return (await conversationsReadModel.get(this.kernel.readModels, conversationId(patientId, counterpart)))?.doc ?? null;
  }

  private async messages(doc: ConversationDoc | null): Promise<MessageView[]> {
    const out: MessageView[] = [];
    for (const m of doc?.messages ?? []) out.push(await this.messageView(m));
    return out;
  }

  private async messageView(m: ConversationMessage): Promise<MessageView> {
    const a = m.attachment;
    return {
      id: m.id,
      fromPatient: m.fromPatient,
      authorId: m.authorId,
      text: await this.open<string>(m.text),
      at: m.at,
      attachment: a
        ? {
            id: a.id,
            name: attachmentFileName(await this.open<string>(a.name), a.mediaType as AttachmentType),
            mediaType: a.mediaType,
            sizeBytes: a.sizeBytes,
            filedAs: a.filedAs,
          }
        : null,
    };
  }

  private async nameOf(counterpart: string): Promise<string> {
    if (counterpart === SEGRETERIA) return 'Segreteria';
    const user = await this.users.get(counterpart);
    return user ? this.users.displayName(user) : 'Medico';
  }

  // ---- reads -------------------------------------------------------------------------------------

  /** the patient: the segreteria, every doctor who treats them, and any earlier conversation (read-only once care ended) */
  async mine(user: SessionUser): Promise<MyMessagesView> {
    if (user.role !== 'patient') throw new ForbiddenError('Solo il paziente legge qui i propri messaggi.', 'messaggi_riservati');
    const docs = (await conversationsReadModel.find(this.kernel.readModels, { patient_id: user.id })).map((r) => r.doc);
    const counterparts = new Set<string>([SEGRETERIA, ...docs.map((d) => d.counterpart)]);
    for (const d of await this.users.listDoctors()) if (await this.clinical.treats(d.id, user.id)) counterparts.add(d.id);
    const conversations: ConversationView[] = [];
    for (const c of counterparts) {
      const doc = docs.find((d) => d.counterpart === c) ?? null;
      conversations.push({
        with: c,
        name: await this.nameOf(c),
        unread: doc?.unreadByPatient ?? 0,
        canWrite: await this.patientMayWrite(user.id, c),
        messages: await this.messages(doc),
      });
    }
    return { replyHours: await this.replyHours(), emergencyNotice: EMERGENCY_NOTICE, conversations };
  }

  /** a doctor (their conversation) or the segreteria (its own) with one patient: logged in the patient's access log */
  async staffConversation(user: SessionUser, patientId: string): Promise<ConversationView> {
    const side = await this.staffSide(user, patientId);
    const doc = await this.conversation(patientId, side);
    const patient = (await this.users.get(patientId))!;
    const view: ConversationView = {
      with: side,
      name: await this.users.displayName(patient),
      unread: doc?.unreadByStaff ?? 0,
      canWrite: true,
      messages: await this.messages(doc),
    };
    await this.accessLog.recordAccess(user, patientId, MESSAGES_READ, side === SEGRETERIA ? 'messaggi con la segreteria' : 'messaggi con il medico');
    return view;
  }

  /** the staff member's unread conversations: who and how many (nothing of the content, so no access to log) */
  async staffUnread(user: SessionUser): Promise<StaffUnreadView> {
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError('I messaggi sono riservati al personale dello studio.', 'messaggi_riservati');
    const side = user.role === 'admin' ? SEGRETERIA : user.id;
    const rows = await conversationsReadModel.find(this.kernel.readModels, { counterpart: side, unread_by_staff: { gt: 0 } });
    const patients = [];
    for (const r of rows) {
      const patient = await this.users.get(r.doc.patientId);
      if (patient)
        patients.push({ patientId: r.doc.patientId, name: await this.users.displayName(patient), unread: r.doc.unreadByStaff, lastAt: r.doc.lastAt });
    }
    patients.sort((a, b) => b.lastAt.localeCompare(a.lastAt));
    return { total: patients.reduce((s, p) => s + p.unread, 0), patients };
  }

  async replyHours(): Promise<string | null> {
    return (await replyHoursReadModel.get(this.kernel.readModels, 'practice'))?.doc.text ?? null;
  }

  /** one file of a message, to the patient or to the staff of that conversation (logged) */
  async attachment(user: SessionUser, patientId: string, messageId: string): Promise<{ name: string; mediaType: AttachmentType; bytes: Buffer }> {
    const side = user.role === 'patient' ? null : await this.staffSide(user, patientId);
    if (user.role === 'patient' && user.id !== patientId) throw new NotFoundError('Allegato non trovato.', 'allegato_non_trovato');
    const docs = side
      ? [await this.conversation(patientId, side)]
      : (await conversationsReadModel.find(this.kernel.readModels, { patient_id: patientId })).map((r) => r.doc);
    const entry = docs.flatMap((d) => d?.messages ?? []).find((m) => m.id === messageId)?.attachment;
    if (!entry) throw new NotFoundError('Allegato non trovato.', 'allegato_non_trovato');
    const [event] = (await this.kernel.eventStore.readStream(conversationStreamName(patientId), { fromRevision: entry.revision, maxCount: 1 })).map(
      parseRecordedEvent,
    );
    if (event?.type !== 'MessageSent' || !event.data.attachment) throw new NotFoundError('Allegato non trovato.', 'allegato_non_trovato');
    const a = event.data.attachment;
    const name = attachmentFileName(await this.open<string>(a.name), a.mediaType);
    const bytes = Buffer.from(await this.open<string>(a.content), 'base64');
    if (user.id !== patientId) await this.accessLog.recordAccess(user, patientId, MESSAGES_READ, `allegato di un messaggio ${messageId}`);
    return { name, mediaType: a.mediaType, bytes };
  }

  // ---- writes ------------------------------------------------------------------------------------

  async sendAsPatient(user: SessionUser, to: string, text: string, file: IncomingFile | null, metadata: EventMetadata): Promise<MessageView> {
    if (user.role !== 'patient') throw new ForbiddenError('Solo il paziente scrive da qui.', 'messaggi_riservati');
    const refusal = (await this.patientMayWrite(user.id, to)) ? null : PATIENT_NOT_TREATED;
    return this.send(user, user.id, to, true, refusal, text, file, metadata);
  }

  async sendAsStaff(user: SessionUser, patientId: string, text: string, file: IncomingFile | null, metadata: EventMetadata): Promise<MessageView> {
    const side = await this.staffSide(user, patientId);
    return this.send(user, patientId, side, false, null, text, file, metadata);
  }

  private async send(
    user: SessionUser,
    patientId: string,
    counterpart: string,
    fromPatient: boolean,
    refusal: string | null,
    text: string,
    file: IncomingFile | null,
    metadata: EventMetadata,
  ): Promise<MessageView> {
    if (refusal) throw new ForbiddenError(refusal, 'conversazione_non_ammessa');
    const seal = (value: unknown) => this.kernel.personalData.seal(patientId, value);
    let attachment = null;
    if (file) {
      if (file.bytes.length === 0) throw new ValidationError('Il file è vuoto.', 'allegato_vuoto');
      const mediaType = attachmentTypeOf(file.bytes);
      if (!mediaType) throw new AppError(415, 'tipo_non_ammesso', 'Sono ammessi solo file PDF, JPEG o PNG (il tipo è verificato dal contenuto).');
      attachment = {
        attachmentId: randomUUID(),
        mediaType,
        sizeBytes: file.bytes.length,
        name: await seal(attachmentFileName(file.name, mediaType)),
        content: await seal(file.bytes.toString('base64')),
      };
    }
    const messageId = randomUUID();
    const { position } = await this.kernel.commands.execute<SendMessage, { position: number | null }>(
      new SendMessage(
        conversationStreamName(patientId),
        { type: 'SendMessage', messageId, patientId, counterpart, authorId: user.id, fromPatient, refusal, text: await seal(text), attachment },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    const doc = await this.conversation(patientId, counterpart);
    return this.messageView(doc!.messages.find((m) => m.id === messageId)!);
  }

  /** the reader's side read the conversation up to now (the patient names whom with; staff read their own side) */
  async markRead(user: SessionUser, patientId: string, withWhom: string | undefined, metadata: EventMetadata): Promise<{ unread: number }> {
    const side = user.role === 'patient' ? 'patient' : 'staff';
    let counterpart: string;
    if (user.role === 'patient') {
      if (user.id !== patientId || !withWhom) throw new ValidationError('Indica la conversazione letta.', 'conversazione_mancante');
      counterpart = withWhom;
    } else counterpart = await this.staffSide(user, patientId);
    if (!(await this.conversation(patientId, counterpart))) return { unread: 0 };
    const { position } = await this.kernel.commands.execute<MarkConversationRead, { position: number | null }>(
      new MarkConversationRead(
        conversationStreamName(patientId),
        { type: 'MarkConversationRead', patientId, counterpart, side, readerId: user.id, upTo: metadata.at },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    const doc = await this.conversation(patientId, counterpart);
    return { unread: side === 'patient' ? (doc?.unreadByPatient ?? 0) : (doc?.unreadByStaff ?? 0) };
  }

  /** a doctor files a patient's file into the record's attachments in one step (the record's own rule applies) */
  async fileIntoRecord(user: SessionUser, patientId: string, messageId: string, metadata: EventMetadata): Promise<AttachmentView> {
    if (user.role !== 'doctor') throw new ForbiddenError('Solo il medico che segue il paziente archivia un allegato nella cartella.', 'cartella_riservata');
    const file = await this.attachment(user, patientId, messageId);
    const filed = await this.clinical.addAttachment(user, patientId, file.name, file.bytes, metadata);
    const { position } = await this.kernel.commands.execute<FileMessageAttachment, { position: number | null }>(
      new FileMessageAttachment(
        conversationStreamName(patientId),
        { type: 'FileMessageAttachment', patientId, messageId, recordAttachmentId: filed.id, doctorId: user.id },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return filed;
  }

  async setReplyHours(user: SessionUser, text: string, metadata: EventMetadata): Promise<{ replyHours: string }> {
    if (user.role !== 'admin') throw new ForbiddenError('Gli orari di risposta li imposta la segreteria.', 'solo_segreteria');
    const { position } = await this.kernel.commands.execute<SetReplyHours, { position: number | null }>(
      new SetReplyHours(MESSAGE_SETTINGS_STREAM, { type: 'SetReplyHours', text, at: metadata.at }, metadata),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { replyHours: text };
  }
}
