import { Injectable } from '@nestjs/common';
import {
  checkAnswers,
  patientStreamName,
  questionnaireStreamName,
  type QuestionnaireRevisionRequest,
  type Answers,
  type AnswersRecorded,
  type EventMetadata,
  type PatientAnswersResponse,
  type QuestionnaireRequest,
  type QuestionnaireView,
  type SessionUser,
} from '@studio/contracts';
import { questionnaireVersion, type QuestionnaireDoc } from './questionnaires.projection';
import type { Where } from '@studio/projections';
import { randomUUID } from 'node:crypto';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { type Ports } from '../../../platform/kernel/ports';
import { UsersService } from '../../accounts/users';
import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { QUESTIONNAIRE_NOT_FOUND } from './questionnaire.decider';
import { VisitTypesService } from '../../scheduling/visit-types';
import { bookingsReadModel } from '../../scheduling/booking';
import { questionnaireAnswersReadModel, questionnairesReadModel } from './read-models';
import { AnswerQuestionnaire, DefineQuestionnaire, DeleteQuestionnaire, ReviseQuestionnaire, SetQuestionnaireActive } from './questionnaires.commands';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

/** a patient is given a doctor's questionnaires while holding or having confirmed a booking with them */
const GIVING_BOOKING_STATUSES: string[] = ['held', 'confirmed', 'completed', 'no_show'];

const view = (d: QuestionnaireDoc): QuestionnaireView => ({
  id: d.id,
  doctorId: d.doctorId,
  title: d.title,
  questions: d.questions,
  definedAt: d.definedAt,
  version: d.version ?? 1,
  active: d.active ?? true,
});
/** the questionnaire as it was at the version a patient answered */
const viewAt = (d: QuestionnaireDoc, version: number): QuestionnaireView => {
  const v = questionnaireVersion(d, version);
  return { ...view(d), title: v.title, questions: v.questions, version: v.version };
};
const isActive = (d: QuestionnaireDoc) => d.active ?? true;
const byDate = (a: QuestionnaireDoc, b: QuestionnaireDoc) => a.definedAt.localeCompare(b.definedAt) || a.title.localeCompare(b.title, 'it');

@Injectable()
export class QuestionnairesService {
  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly accessLog: AccessLogService,
    private readonly visitTypes: VisitTypesService,
  ) {
    this.readModels = kernel.readModels;
  }

  /** a doctor defines for themselves, the admin for the doctor they name */
  async define(user: SessionUser, input: QuestionnaireRequest, metadata: EventMetadata): Promise<{ id: string }> {
    if (user.role === 'doctor' && input.doctorId && input.doctorId !== user.id) throw new ForbiddenError('Puoi creare questionari solo per te.');
    const doctorId = user.role === 'doctor' ? user.id : input.doctorId;
    if (!doctorId) throw new ValidationError('Indica il medico a cui appartiene il questionario.');
    await this.users.getDoctor(doctorId);
    const id = randomUUID();
    const { position } = await this.kernel.commands.execute(
      new DefineQuestionnaire(
        questionnaireStreamName(id),
        { type: 'DefineQuestionnaire', questionnaireId: id, doctorId, title: input.title, questions: input.questions },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { id };
  }

  /** doctor: their own; admin: any doctor's, or all; patient: those given to them */
  async list(user: SessionUser, doctor?: string, booking?: string): Promise<QuestionnaireView[]> {
    if (doctor) await this.users.getDoctor(doctor);
    let doctors: string[] | null;
    if (user.role === 'doctor') {
      if (doctor && doctor !== user.id) throw new ForbiddenError('Puoi vedere solo i tuoi questionari.');
      doctors = [user.id];
    } else if (user.role === 'patient') {
      return (await this.givenTo(user.id, doctor, booking)).sort(byDate).map(view);
    } else {
      doctors = doctor ? [doctor] : null;
    }
    const found = await questionnairesReadModel.find(this.readModels, doctors ? { doctor_id: { in: doctors } } : {});
    const answered = await this.answeredIds(doctors);
    return found
      .map((f) => f.doc)
      .sort(byDate)
      .map((d) => ({ ...view(d), answered: answered.has(d.id) }));
  }

  /**
   * What a patient is given: for each booking held or had with a doctor, the active questionnaires its visit type
   * names; a booking without a visit type, or of a type that names none, gives the doctor's active ones.
   */
  private async givenTo(patientId: string, doctorId?: string, bookingId?: string): Promise<QuestionnaireDoc[]> {
    const where: Where = doctorId ? { patient_id: patientId, doctor_id: doctorId } : { patient_id: patientId };
    const bookings = (await bookingsReadModel.find(this.readModels, where))
      .map((b) => b.doc)
      .filter((b) => GIVING_BOOKING_STATUSES.includes(b.status) && (!bookingId || b.id === bookingId));
    const given = new Map<string, QuestionnaireDoc>();
    const ofDoctor = new Map<string, QuestionnaireDoc[]>();
    for (const booking of bookings) {
      if (!ofDoctor.has(booking.doctorId)) {
        const docs = await questionnairesReadModel.find(this.readModels, { doctor_id: booking.doctorId });
        ofDoctor.set(booking.doctorId, docs.map((d) => d.doc).filter(isActive));
      }
      const active = ofDoctor.get(booking.doctorId)!;
      let named: string[] = [];
      if (booking.visit) {
        try {
          named = (await this.visitTypes.get(booking.doctorId, booking.visit.visitTypeId)).questionnaireIds ?? [];
        } catch {
          named = [];
        }
      }
      for (const q of named.length > 0 ? active.filter((q) => named.includes(q.id)) : active) given.set(q.id, q);
    }
    return [...given.values()];
  }

  /** the ids of the questionnaires (of these doctors, or all) that some patient answered */
  private async answeredIds(doctors: string[] | null): Promise<Set<string>> {
    const found = await questionnaireAnswersReadModel.find(this.readModels, doctors ? { doctor_id: { in: doctors } } : {});
    return new Set(found.map((f) => f.doc.questionnaireId));
  }

  /** the owner doctor or an administrator; 404 when unknown or deleted */
  private async owned(user: SessionUser, id: string): Promise<QuestionnaireDoc> {
    const doc = await this.questionnaire(id);
    if (user.role === 'doctor' && doc.doctorId !== user.id) throw new ForbiddenError('Puoi modificare solo i tuoi questionari.');
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError();
    return doc;
  }

  private async decideOn(command: ReviseQuestionnaire | SetQuestionnaireActive | DeleteQuestionnaire): Promise<void> {
    const { position } = await this.kernel.commands.execute<typeof command, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }

  /** PUT /api/questionnaires/:id: a new version; answers already given keep the version they answered */
  async revise(user: SessionUser, id: string, input: QuestionnaireRevisionRequest, metadata: EventMetadata): Promise<QuestionnaireView> {
    await this.owned(user, id);
    await this.decideOn(
      new ReviseQuestionnaire(
        questionnaireStreamName(id),
        { type: 'ReviseQuestionnaire', questionnaireId: id, title: input.title, questions: input.questions },
        metadata,
      ),
    );
    return view(await this.questionnaire(id));
  }

  /** PUT /api/questionnaires/:id/active: switched off, no patient is given it any more */
  async setActive(user: SessionUser, id: string, active: boolean, metadata: EventMetadata): Promise<QuestionnaireView> {
    await this.owned(user, id);
    await this.decideOn(new SetQuestionnaireActive(questionnaireStreamName(id), { type: 'SetQuestionnaireActive', questionnaireId: id, active }, metadata));
    return view(await this.questionnaire(id));
  }

  /** DELETE /api/questionnaires/:id: only while nobody has answered it (409 in Italian otherwise) */
  async delete(user: SessionUser, id: string, metadata: EventMetadata): Promise<void> {
    const doc = await this.owned(user, id);
    const answered = (await this.answeredIds([doc.doctorId])).has(id);
    await this.decideOn(new DeleteQuestionnaire(questionnaireStreamName(id), { type: 'DeleteQuestionnaire', questionnaireId: id, answered }, metadata));
  }

  async get(user: SessionUser, id: string): Promise<QuestionnaireView> {
    const doc = await this.questionnaire(id);
    const allowed =
      user.role === 'admin' || (user.role === 'doctor' && doc.doctorId === user.id) || (user.role === 'patient' && (await this.isGiven(user.id, doc)));
    if (!allowed) throw new ForbiddenError('Non hai accesso a questo questionario.');
    return view(doc);
  }

  async answer(patient: SessionUser, id: string, answers: Answers, metadata: EventMetadata): Promise<AnswersRecorded> {
    const doc = await this.questionnaire(id);
    if (!isActive(doc)) throw new ConflictError('Questo questionario è stato disattivato dal medico: non serve più compilarlo.', 'questionario_disattivato');
    if (!(await this.isGiven(patient.id, doc))) {
      throw new ForbiddenError(
        (await this.hasBooking(patient.id, doc.doctorId))
          ? 'Questo questionario non è previsto per il tipo di visita che hai prenotato.'
          : 'Questo questionario non ti è stato assegnato: prenota prima una visita con il medico.',
        'questionario_non_assegnato',
      );
    }
    const check = checkAnswers(doc.questions, answers);
    if (!check.ok) throw new ValidationError(`${check.message}.`, check.code);
    // health data: sealed with the patient's own key before it reaches the log
    const sealed = await this.kernel.personalData.seal(patient.id, check.answers);
    const { position } = await this.kernel.commands.execute(
      new AnswerQuestionnaire(
        patientStreamName(patient.id),
        {
          type: 'AnswerQuestionnaire',
          patientId: patient.id,
          questionnaire: { id: doc.id, doctorId: doc.doctorId, questions: doc.questions, version: doc.version ?? 1, active: isActive(doc) },
          answers: check.answers,
          sealed,
        },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { questionnaireId: doc.id, answeredAt: metadata.at };
  }

  /** the patient themselves and the admin see all; a doctor only answers to their questionnaires, and only of their patients */
  async patientAnswers(user: SessionUser, patientId: string): Promise<PatientAnswersResponse> {
    if (user.role === 'patient' && user.id !== patientId) throw new ForbiddenError('Puoi vedere solo le tue risposte.');
    const patient = await this.users.get(patientId);
    if (!patient || patient.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    if (user.role === 'doctor' && !(await this.hasBooking(patientId, user.id))) throw new ForbiddenError('Puoi vedere solo le risposte dei tuoi pazienti.');
    const where: Where = user.role === 'doctor' ? { patient_id: patientId, doctor_id: user.id } : { patient_id: patientId };
    const docs = await questionnaireAnswersReadModel.find(this.readModels, where);
    const questionnaires: PatientAnswersResponse['questionnaires'] = [];
    for (const { doc } of docs.sort((a, b) => a.doc.answeredAt.localeCompare(b.doc.answeredAt))) {
      const answers = await this.kernel.personalData.open<Answers>(doc.answers);
      const questionnaire = await questionnairesReadModel.get(this.readModels, doc.questionnaireId);
      // null: the patient was erased (key destroyed); nothing of theirs is readable any more
      // the questions as they were when answered: a later edit does not change what the patient said yes to
      if (answers && questionnaire) questionnaires.push({ questionnaire: viewAt(questionnaire.doc, doc.version ?? 1), answers, answeredAt: doc.answeredAt });
    }
    // health data was opened: recorded before it leaves, so an unrecorded read cannot happen
    if (questionnaires.length > 0)
      await this.accessLog.recordAccess(user, patientId, 'questionnaire_answers', questionnaires.map((q) => q.questionnaire.id).join(','));
    return { patientId, questionnaires };
  }

  private async questionnaire(id: string): Promise<QuestionnaireDoc> {
    const found = await questionnairesReadModel.get(this.readModels, id);
    if (!found) throw new NotFoundError(QUESTIONNAIRE_NOT_FOUND, 'questionario_non_trovato');
    return found.doc;
  }

  private async bookedDoctors(patientId: string, doctorId?: string): Promise<Set<string>> {
    const where: Where = doctorId ? { patient_id: patientId, doctor_id: doctorId } : { patient_id: patientId };
    const bookings = await bookingsReadModel.find(this.readModels, where);
    return new Set(bookings.filter((b) => GIVING_BOOKING_STATUSES.includes(b.doc.status)).map((b) => b.doc.doctorId));
  }

  private async isGiven(patientId: string, doc: QuestionnaireDoc): Promise<boolean> {
    return (await this.givenTo(patientId, doc.doctorId)).some((q) => q.id === doc.id);
  }

  private async hasBooking(patientId: string, doctorId: string): Promise<boolean> {
    return (await this.bookedDoctors(patientId, doctorId)).size > 0;
  }
}
