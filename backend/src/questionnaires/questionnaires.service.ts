import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  checkAnswers,
  patientStreamName,
  type Answers,
  type AnswersRecorded,
  type EventMetadata,
  type PatientAnswersResponse,
  type QuestionnaireRequest,
  type QuestionnaireView,
  type SessionUser,
} from '@studio/contracts';
import type { BookingDoc, QuestionnaireAnswersDoc, QuestionnaireDoc, Where } from '@studio/projections';
import { randomUUID } from 'node:crypto';
import { ForbiddenError, NotFoundError, ValidationError } from '../common/errors';
import { READ_MODELS, PERSONAL_DATA, CHANGE_FEED, type Core } from '../infrastructure/core';
import { UsersService } from '../users';
import { AccessLogService } from '../personal-data/access-log.service';
import { DefineQuestionnaireCommand } from './define-questionnaire.command';
import { patientDecider } from './questionnaire.decider';
import { Decide } from '../event-store/decide.command';

/** a patient is given a doctor's questionnaires while holding or having confirmed a booking with them */
const GIVING_BOOKING_STATUSES: string[] = ['held', 'confirmed', 'completed', 'no_show'];

const view = (d: QuestionnaireDoc): QuestionnaireView => ({ id: d.id, doctorId: d.doctorId, title: d.title, questions: d.questions, definedAt: d.definedAt });
const byDate = (a: QuestionnaireDoc, b: QuestionnaireDoc) => a.definedAt.localeCompare(b.definedAt) || a.title.localeCompare(b.title, 'it');

@Injectable()
export class QuestionnairesService {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: Core['readModels'],
    @Inject(PERSONAL_DATA) private readonly personalData: Core['personalData'],
    @Inject(CHANGE_FEED) private readonly changes: Core['changes'],
    private readonly users: UsersService,
    private readonly commands: CommandBus,
    private readonly accessLog: AccessLogService,
  ) {}

  /** a doctor defines for themselves, the admin for the doctor they name */
  async define(user: SessionUser, input: QuestionnaireRequest, metadata: EventMetadata): Promise<{ id: string }> {
    if (user.role === 'doctor' && input.doctorId && input.doctorId !== user.id) throw new ForbiddenError('Puoi creare questionari solo per te.');
    const doctorId = user.role === 'doctor' ? user.id : input.doctorId;
    if (!doctorId) throw new ValidationError('Indica il medico a cui appartiene il questionario.');
    await this.users.getDoctor(doctorId);
    const id = randomUUID();
    const { position } = await this.commands.execute(new DefineQuestionnaireCommand(id, doctorId, input.title, input.questions, metadata));
    if (position) await this.changes.waitFor(position);
    return { id };
  }

  /** doctor: their own; admin: any doctor's, or all; patient: those given to them */
  async list(user: SessionUser, doctor?: string): Promise<QuestionnaireView[]> {
    if (doctor) await this.users.getDoctor(doctor);
    let doctors: string[] | null;
    if (user.role === 'doctor') {
      if (doctor && doctor !== user.id) throw new ForbiddenError('Puoi vedere solo i tuoi questionari.');
      doctors = [user.id];
    } else if (user.role === 'patient') {
      const booked = await this.bookedDoctors(user.id, doctor);
      doctors = [...booked];
    } else {
      doctors = doctor ? [doctor] : null;
    }
    if (doctors?.length === 0) return [];
    const found = await this.readModels.find<QuestionnaireDoc>('questionnaires', doctors ? { doctor_id: { in: doctors } } : {});
    return found
      .map((f) => f.doc)
      .sort(byDate)
      .map(view);
  }

  async get(user: SessionUser, id: string): Promise<QuestionnaireView> {
    const doc = await this.questionnaire(id);
    const allowed =
      user.role === 'admin' ||
      (user.role === 'doctor' && doc.doctorId === user.id) ||
      (user.role === 'patient' && (await this.hasBooking(user.id, doc.doctorId)));
    if (!allowed) throw new ForbiddenError('Non hai accesso a questo questionario.');
    return view(doc);
  }

  async answer(patient: SessionUser, id: string, answers: Answers, metadata: EventMetadata): Promise<AnswersRecorded> {
    const doc = await this.questionnaire(id);
    if (!(await this.hasBooking(patient.id, doc.doctorId))) {
      throw new ForbiddenError('Questo questionario non ti è stato assegnato: prenota prima una visita con il medico.', 'questionario_non_assegnato');
    }
    const check = checkAnswers(doc.questions, answers);
    if (!check.ok) throw new ValidationError(`${check.message}.`, check.code);
    // health data: sealed with the patient's own key before it reaches the log
    const sealed = await this.personalData.seal(patient.id, check.answers);
    const { position } = await this.commands.execute(
      new Decide(
        patientStreamName(patient.id),
        patientDecider,
        {
          type: 'AnswerQuestionnaire',
          patientId: patient.id,
          questionnaire: { id: doc.id, doctorId: doc.doctorId, questions: doc.questions },
          answers: check.answers,
          sealed,
        },
        metadata,
      ),
    );
    if (position) await this.changes.waitFor(position);
    return { questionnaireId: doc.id, answeredAt: metadata.at };
  }

  /** the patient themselves and the admin see all; a doctor only answers to their questionnaires, and only of their patients */
  async patientAnswers(user: SessionUser, patientId: string): Promise<PatientAnswersResponse> {
    if (user.role === 'patient' && user.id !== patientId) throw new ForbiddenError('Puoi vedere solo le tue risposte.');
    const patient = await this.users.get(patientId);
    if (!patient || patient.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    if (user.role === 'doctor' && !(await this.hasBooking(patientId, user.id))) throw new ForbiddenError('Puoi vedere solo le risposte dei tuoi pazienti.');
    const where: Where = user.role === 'doctor' ? { patient_id: patientId, doctor_id: user.id } : { patient_id: patientId };
    const docs = await this.readModels.find<QuestionnaireAnswersDoc>('questionnaire_answers', where);
    const questionnaires: PatientAnswersResponse['questionnaires'] = [];
    for (const { doc } of docs.sort((a, b) => a.doc.answeredAt.localeCompare(b.doc.answeredAt))) {
      const answers = await this.personalData.open<Answers>(doc.answers);
      const questionnaire = await this.readModels.get<QuestionnaireDoc>('questionnaires', doc.questionnaireId);
      // null: the patient was erased (key destroyed); nothing of theirs is readable any more
      if (answers && questionnaire) questionnaires.push({ questionnaire: view(questionnaire.doc), answers, answeredAt: doc.answeredAt });
    }
    // health data was opened: recorded before it leaves, so an unrecorded read cannot happen
    if (questionnaires.length > 0)
      await this.accessLog.recordAccess(user, patientId, 'questionnaire_answers', questionnaires.map((q) => q.questionnaire.id).join(','));
    return { patientId, questionnaires };
  }

  private async questionnaire(id: string): Promise<QuestionnaireDoc> {
    const found = await this.readModels.get<QuestionnaireDoc>('questionnaires', id);
    if (!found) throw new NotFoundError('Questionario non trovato.', 'questionario_non_trovato');
    return found.doc;
  }

  private async bookedDoctors(patientId: string, doctorId?: string): Promise<Set<string>> {
    const where: Where = doctorId ? { patient_id: patientId, doctor_id: doctorId } : { patient_id: patientId };
    const bookings = await this.readModels.find<BookingDoc>('bookings', where);
    return new Set(bookings.filter((b) => GIVING_BOOKING_STATUSES.includes(b.doc.status)).map((b) => b.doc.doctorId));
  }

  private async hasBooking(patientId: string, doctorId: string): Promise<boolean> {
    return (await this.bookedDoctors(patientId, doctorId)).size > 0;
  }
}
