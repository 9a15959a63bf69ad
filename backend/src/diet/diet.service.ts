import { CommandBus } from '@nestjs/cqrs';
import { Inject, Injectable } from '@nestjs/common';
import {
  caloriesFor,
  chosenPortionCategories,
  dietStreamName,
  EMPTY_DIET,
  MEALS,
  normalizeDiet,
  PORTION_TABLES,
  referencedItems,
  summarizeDiet,
  summarizeMeal,
  unknownReference,
  type DietContent,
  type DietDraft,
  type DietPatient,
  type DietSaveRequest,
  type DietSummary,
  type DietView,
  type EventMetadata,
  type Meal,
  type MealSummary,
  type SessionUser,
} from '@studio/contracts';
import type { BookingDoc } from '../booking/bookings.projection';
import type { ClinicalRecordDoc } from '../clinical-record/clinical-record.projection';
import type { DietDoc } from './diet.projection';
import type { UserDoc } from '../users/users.projection';
import { CLOCK, type Clock } from '../common/clock';
import { ForbiddenError, NotFoundError, ValidationError } from '../common/errors';
import { READ_MODELS, PERSONAL_DATA, CHANGE_FEED } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { UsersService } from '../users';
import { dietDecider } from './food.decider';
import { FoodsService, type Catalogue } from './foods.service';
import { AccessLogService } from '../personal-data/access-log.service';
import { Decide } from '../event-store/decide.command';
import { randomUUID } from 'node:crypto';
import { renderDietPdf } from './diet-pdf';

/**
 * Whose diet a doctor may see and edit: a patient holding or having confirmed a booking with them
 * (the same rule that gives a patient the doctor's questionnaires). The admin: every patient.
 */
const CARING_BOOKING_STATUSES: string[] = ['held', 'confirmed', 'completed', 'no_show'];

export const NOT_YOUR_PATIENT = 'Puoi vedere e modificare solo le diete dei tuoi pazienti (con almeno una prenotazione con te).';

@Injectable()
export class DietService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODELS) private readonly readModels: Ports['readModels'],
    @Inject(PERSONAL_DATA) private readonly personalData: Ports['personalData'],
    @Inject(CHANGE_FEED) private readonly changes: Ports['changes'],
    private readonly users: UsersService,
    private readonly foods: FoodsService,
    private readonly accessLog: AccessLogService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** the current summary (calculate_url) */
  async calculate(draft: DietDraft): Promise<DietSummary> {
    const { lookup } = await this.checkedCatalogue(draft);
    return summarizeDiet(draft, lookup);
  }

  /** one meal's summary table (calculate_meal_url) */
  async calculateMeal(meal: Meal, draft: DietDraft): Promise<MealSummary> {
    const { lookup } = await this.checkedCatalogue(draft);
    return summarizeMeal(meal, draft.meals[meal], lookup);
  }

  async patients(user: SessionUser): Promise<DietPatient[]> {
    let ids: string[];
    if (user.role === 'doctor') {
      const bookings = await this.readModels.find<BookingDoc>('bookings', { doctor_id: user.id });
      ids = [...new Set(bookings.filter((b) => CARING_BOOKING_STATUSES.includes(b.doc.status)).map((b) => b.doc.patientId))];
    } else {
      ids = (await this.readModels.find<UserDoc>('users', { role: 'patient' })).map((u) => u.id);
    }
    const diets = new Set((await this.readModels.find<DietDoc>('diets', {})).map((d) => d.id));
    const now = this.clock.now().toISOString();
    const out: DietPatient[] = [];
    for (const id of ids) {
      const doc = await this.users.get(id);
      if (doc?.role !== 'patient') continue;
      // the birth date (sealed in the clinical record) tells namesakes apart; reading it is a read of the patient's data
      const record = (await this.readModels.get<ClinicalRecordDoc>('clinical_records', id))?.doc.record;
      const birthDate = record ? ((await this.personalData.open<{ birthDate: string }>(record.content))?.birthDate ?? null) : null;
      if (birthDate) await this.accessLog.recordAccess(user, id, 'personal_data', 'elenco delle diete');
      const upcoming = (
        await this.readModels.find<BookingDoc>('bookings', { patient_id: id, status: 'confirmed', start: { gte: now } }, { orderBy: [{ column: 'start' }] })
      )
        .map((b) => b.doc)
        .filter((b) => user.role !== 'doctor' || b.doctorId === user.id);
      out.push({ id, ...(await this.users.nameAndEmail(doc)), hasDiet: diets.has(id), birthDate, nextVisit: upcoming[0]?.start ?? null });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async get(user: SessionUser, patientId: string): Promise<DietView> {
    const patient = await this.mayEdit(user, patientId);
    const doc = (await this.readModels.get<DietDoc>('diets', patientId))?.doc ?? null;
    const view = await this.view(patient, doc);
    // health data (or, before any diet, the patient's name) read: recorded before it leaves; an unrecorded read fails instead
    await this.accessLog.recordAccess(user, patientId, doc ? 'diet' : 'personal_data');
    return view;
  }

  /** the patient's own current diet, for /home; null when none was saved */
  async mine(user: SessionUser): Promise<DietView | null> {
    const doc = (await this.readModels.get<DietDoc>('diets', user.id))?.doc ?? null;
    if (!doc) return null;
    const patient = await this.users.get(user.id);
    if (!patient) throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    const view = await this.view(patient, doc);
    await this.accessLog.recordAccess(user, user.id, 'diet');
    return view;
  }

  /** the saved diet as a PDF, for the doctor to download; a read of health data, in the patient's access log */
  async pdf(user: SessionUser, patientId: string): Promise<{ pdf: Buffer; patientName: string }> {
    const patient = await this.mayEdit(user, patientId);
    const doc = (await this.readModels.get<DietDoc>('diets', patientId))?.doc ?? null;
    if (!doc) throw new NotFoundError('Salva la dieta prima di stamparla o scaricarla.', 'dieta_non_salvata');
    const view = await this.view(patient, doc);
    await this.accessLog.recordAccess(user, patientId, 'diet', 'PDF della dieta');
    return { pdf: await renderDietPdf(view), patientName: view.patientName };
  }

  /**
   * "Invia al paziente": only a doctor who treats the patient (not the front desk, whose role is to book, not to
   * prescribe). DietSentToPatient goes on the diet's stream; the outbox mails the patient a notice with a link to /home.
   */
  async sendToPatient(user: SessionUser, patientId: string, metadata: EventMetadata): Promise<{ sentAt: string }> {
    if (user.role !== 'doctor') throw new ForbiddenError('Solo il medico che segue il paziente può inviargli la dieta.', 'solo_medico_curante');
    await this.mayEdit(user, patientId);
    const at = this.clock.now().toISOString();
    const { position } = await this.commands.execute(
      new Decide(dietStreamName(patientId), dietDecider, { type: 'SendDiet', patientId, doctorId: user.id, sendId: randomUUID(), at }, metadata),
    );
    if (position) await this.changes.waitFor(position);
    return { sentAt: at };
  }

  async save(user: SessionUser, patientId: string, input: DietSaveRequest, metadata: EventMetadata): Promise<DietView> {
    const patient = await this.mayEdit(user, patientId);
    const { revision, ...draft } = input;
    await this.store(user, patientId, draft, metadata, revision);
    return this.view(patient, (await this.readModels.get<DietDoc>('diets', patientId))?.doc ?? null);
  }

  /**
   * The editable summary cells of a meal: the grams of some of its rows, by row id. Saved into the
   * current diet (rounded as usual), answered with the meal's summary as now stored.
   */
  async saveMealCells(user: SessionUser, patientId: string, meal: Meal, grams: Record<string, number>, metadata: EventMetadata): Promise<MealSummary> {
    await this.mayEdit(user, patientId);
    const stored = await this.readModels.get<DietDoc>('diets', patientId);
    if (!stored) throw new NotFoundError('Salva la dieta prima di modificarne il riepilogo.', 'dieta_non_trovata');
    const content = await this.open(stored.doc);
    const rows = content.meals[meal];
    const unknown = Object.keys(grams).find((id) => !rows.some((r) => r.id === id));
    if (unknown !== undefined) throw new ValidationError(`Riga sconosciuta nel pasto ${meal}: ${unknown}.`, 'riga_sconosciuta');
    const draft: DietDraft = { ...content, meals: { ...content.meals, [meal]: rows.map((r) => (r.id in grams ? { ...r, grams: grams[r.id] } : r)) } };
    const saved = await this.store(user, patientId, draft, metadata, stored.doc.revision);
    return summarizeMeal(meal, saved.content.meals[meal], saved.catalogue.lookup);
  }

  private async store(user: SessionUser, patientId: string, draft: DietDraft, metadata: EventMetadata, revision: number | null | undefined) {
    const catalogue = await this.foods.catalogue();
    const normalized = normalizeDiet(draft, catalogue.lookup);
    if (!normalized.ok) throw new ValidationError(`${normalized.message}.`, normalized.code);
    // health data: sealed with the patient's own key before it reaches the log
    const sealed = await this.personalData.seal(patientId, normalized.content);
    const { position } = await this.commands.execute(
      new Decide(
        dietStreamName(patientId),
        dietDecider,
        { type: 'SaveDiet', patientId, doctorId: user.id, content: normalized.content, sealed, expectedRevision: revision },
        metadata,
        { conflictMessage: 'La dieta è stata modificata nel frattempo da un altro utente: ricaricala e riprova.' },
      ),
    );
    if (position) await this.changes.waitFor(position);
    return { content: normalized.content, catalogue };
  }

  private async checkedCatalogue(draft: DietDraft): Promise<Catalogue> {
    const catalogue = await this.foods.catalogue();
    const unknown = unknownReference(draft, catalogue.lookup);
    if (unknown) throw new ValidationError(`${unknown}.`, 'alimento_sconosciuto');
    return catalogue;
  }

  /** doctor: only their patients; admin: any patient; 404 when the id is no patient */
  private async mayEdit(user: SessionUser, patientId: string): Promise<UserDoc> {
    const patient = await this.users.get(patientId);
    if (!patient || patient.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    if (user.role === 'admin') return patient;
    if (user.role === 'doctor') {
      const bookings = await this.readModels.find<BookingDoc>('bookings', { patient_id: patientId, doctor_id: user.id });
      if (bookings.some((b) => CARING_BOOKING_STATUSES.includes(b.doc.status))) return patient;
    }
    throw new ForbiddenError(NOT_YOUR_PATIENT, 'paziente_non_tuo');
  }

  private async open(doc: DietDoc): Promise<DietContent> {
    const content = await this.personalData.open<DietContent>(doc.content);
    // null: the patient was erased (key destroyed); nothing of theirs is readable any more
    if (!content) throw new NotFoundError('Dieta non più disponibile: i dati del paziente sono stati cancellati.', 'dieta_cancellata');
    return content;
  }

  private async view(patient: UserDoc, doc: DietDoc | null): Promise<DietView> {
    const content = doc ? await this.open(doc) : EMPTY_DIET;
    const catalogue = await this.foods.catalogue();
    const doctor = doc ? await this.users.get(doc.doctorId) : null;
    const times = new Map<number, number>();
    for (const table of PORTION_TABLES) for (const p of content.portions[table]) times.set(p.categoryId, (times.get(p.categoryId) ?? 0) + p.times);
    const blocks = chosenPortionCategories(content.portions).flatMap((id) => {
      const category = catalogue.categories.find((c) => c.id === id);
      if (!category) return [];
      const foods = catalogue.foods
        .filter((f) => f.categoryId === id)
        .sort((a, b) => a.name.localeCompare(b.name, 'it'))
        .map((f) => ({ id: f.id, name: f.name, baseWeight: f.baseWeight, kcal: caloriesFor(f.kcal100, f.baseWeight) }));
      return [
        { category: { id: category.id, name: category.name, kcal100: category.kcal100, baseWeight: category.baseWeight }, times: times.get(id) ?? 0, foods },
      ];
    });
    return {
      patientId: patient.id,
      patientName: await this.users.displayName(patient),
      revision: doc?.revision ?? null,
      doctorId: doc?.doctorId ?? null,
      doctorName: doctor ? await this.users.displayName(doctor) : null,
      savedAt: doc?.savedAt ?? null,
      content,
      summary: summarizeDiet(content, catalogue.lookup),
      meals: MEALS.map((meal) => summarizeMeal(meal, content.meals[meal], catalogue.lookup)),
      blocks,
      itemNames: Object.fromEntries(referencedItems(content).map((item) => [String(item), catalogue.lookup(item)?.name ?? String(item)])),
    };
  }
}
