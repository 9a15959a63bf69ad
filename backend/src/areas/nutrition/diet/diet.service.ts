import { Injectable } from '@nestjs/common';
import {
  dietStreamName,
  EMPTY_DIET,
  normalizeDiet,
  planLookup,
  practiceDay,
  referencedItems,
  summarizeDiet,
  summarizeMeal,
  unknownReference,
  upcastDietContent,
  type DietContent,
  type DietDraft,
  type DietFromAnswer,
  type DietFromRequest,
  type DietPatient,
  type DietRevisionView,
  type DietSaveRequest,
  type DietSummary,
  type DietView,
  type EventMetadata,
  type Meal,
  type MealSummary,
  type SessionUser,
  type ShoppingList,
  type Weekday,
} from '@studio/contracts';
import type { DietDoc } from './diet.projection';
import type { DietRevisionDoc } from './diet-revisions.projection';
import type { UserDoc } from '../../accounts/users';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { type Ports } from '../../../platform/kernel/ports';
import { UsersService } from '../../accounts/users';
import { FoodsService } from '../catalogue';
import { AccessLogService } from '../../../platform/personal-data/access-log.service';
import { SaveDiet, SendDiet } from './diet.commands';
import { randomUUID } from 'node:crypto';
import { renderDietPdf, type PrintedRecipe } from './diet-pdf';
import { RecipesService } from '../recipes';
import { bookingsReadModel } from '../../scheduling/booking';
import { clinicalRecordsReadModel } from '../../clinical/clinical-record';
import { dietRevisionsReadModel, dietsReadModel, dietTemplatesReadModel } from './read-models';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { DietValues } from './diet-values';
import { practiceLetterhead } from '../../../platform/config/practice-letterhead';
import { SettingsService } from '../../practice';
import { buildDietView, dietShoppingList, shoppingRecipesOf } from './diet-view';
import { CatalogueFoodLookup } from './diet.ports';

/**
 * Whose diet a doctor may see and edit: a patient holding or having confirmed a booking with them
 * (the same rule that gives a patient the doctor's questionnaires). The front desk: none (a plan is health data, as
 * the clinical record is).
 */
const CARING_BOOKING_STATUSES: string[] = ['held', 'confirmed', 'completed', 'no_show'];

export const NOT_YOUR_PATIENT = 'Puoi vedere e modificare solo le diete dei tuoi pazienti (con almeno una prenotazione con te).';
export const FRONT_DESK_NO_PLANS = 'La segreteria non vede i piani alimentari: sono dati sanitari, li vede il medico che segue il paziente.';

type StoredPlan = Pick<DietDoc, 'doctorId' | 'content' | 'revision' | 'savedAt'>;

@Injectable()
export class DietService {
  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly foods: FoodsService,
    private readonly accessLog: AccessLogService,
    private readonly values: DietValues,
    private readonly recipes: RecipesService,
    private readonly settings: SettingsService,
    private readonly catalogueFoods: CatalogueFoodLookup,
  ) {
    this.readModels = kernel.readModels;
  }

  /** the current summary (calculate_url): the form's one day, computed with the values the editor carries */
  async calculate(draft: DietDraft): Promise<DietSummary> {
    const lookup = await this.draftLookup(draft);
    return summarizeDiet(draft, lookup);
  }

  /** one meal's summary table (calculate_meal_url) */
  async calculateMeal(meal: Meal, draft: DietDraft): Promise<MealSummary> {
    const lookup = await this.draftLookup(draft);
    return summarizeMeal(meal, draft.meals[meal], lookup);
  }

  async patients(user: SessionUser): Promise<DietPatient[]> {
    if (user.role !== 'doctor') throw new ForbiddenError(FRONT_DESK_NO_PLANS, 'piano_riservato');
    const bookings = await bookingsReadModel.find(this.readModels, { doctor_id: user.id });
    const ids = [...new Set(bookings.filter((b) => CARING_BOOKING_STATUSES.includes(b.doc.status)).map((b) => b.doc.patientId))];
    const diets = new Set((await dietsReadModel.find(this.readModels, {})).map((d) => d.id));
    const now = this.kernel.clock.now().toISOString();
    const out: DietPatient[] = [];
    for (const id of ids) {
      const doc = await this.users.get(id);
      if (doc?.role !== 'patient') continue;
      // the birth date (sealed in the clinical record) tells namesakes apart; reading it is a read of the patient's data
      const record = (await clinicalRecordsReadModel.get(this.readModels, id))?.doc.record;
      const birthDate = record ? ((await this.kernel.personalData.open<{ birthDate: string }>(record.content))?.birthDate ?? null) : null;
      if (birthDate) await this.accessLog.recordAccess(user, id, 'personal_data', 'elenco delle diete');
      const upcoming = (
        await bookingsReadModel.find(this.readModels, { patient_id: id, status: 'confirmed', start: { gte: now } }, { orderBy: [{ column: 'start' }] })
      )
        .map((b) => b.doc)
        .filter((b) => user.role !== 'doctor' || b.doctorId === user.id);
      out.push({ id, ...(await this.users.nameAndEmail(doc)), hasDiet: diets.has(id), birthDate, nextVisit: upcoming[0]?.start ?? null });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  /** the patient's current plan, or (`at`, YYYY-MM-DD) the one in force on that day: the last saved by its end */
  async get(user: SessionUser, patientId: string, at?: string): Promise<DietView> {
    const patient = await this.mayEdit(user, patientId);
    const doc = at ? await this.inForceOn(patientId, at) : ((await dietsReadModel.get(this.readModels, patientId))?.doc ?? null);
    if (at && !doc) throw new NotFoundError(`Nessun piano era in vigore il ${at}.`, 'piano_non_in_vigore');
    const view = await this.view(patient, doc, true);
    // health data (or, before any diet, the patient's name) read: recorded before it leaves; an unrecorded read fails instead
    await this.accessLog.recordAccess(user, patientId, doc ? 'diet' : 'personal_data', at ? `piano in vigore il ${at}` : undefined);
    return view;
  }

  /** every plan saved for the patient, newest first (dates and authors: the plans are read one by one) */
  async revisions(user: SessionUser, patientId: string): Promise<DietRevisionView[]> {
    await this.mayEdit(user, patientId);
    const docs = await dietRevisionsReadModel.find(this.readModels, { patient_id: patientId }, { orderBy: [{ column: 'revision', direction: 'desc' }] });
    const names = new Map<string, string | null>();
    const out: DietRevisionView[] = [];
    for (const { doc } of docs) {
      if (!names.has(doc.doctorId)) {
        const doctor = await this.users.get(doc.doctorId);
        names.set(doc.doctorId, doctor ? await this.users.displayName(doctor) : null);
      }
      out.push({ revision: doc.revision, savedAt: doc.savedAt, doctorName: names.get(doc.doctorId) ?? null });
    }
    await this.accessLog.recordAccess(user, patientId, 'diet', 'storico dei piani');
    return out;
  }

  /** a template or one of the patient's earlier plans, to fill the editor (nothing is saved until the doctor saves) */
  async startFrom(user: SessionUser, patientId: string, request: DietFromRequest): Promise<DietFromAnswer> {
    await this.mayEdit(user, patientId);
    if ('templateId' in request) {
      const template = (await dietTemplatesReadModel.get(this.readModels, request.templateId))?.doc;
      if (!template) throw new NotFoundError('Modello di dieta non trovato.', 'modello_non_trovato');
      return { content: upcastDietContent({ ...template.content, notes: null }), from: { kind: 'template', name: template.name } };
    }
    const doc = (await dietRevisionsReadModel.get(this.readModels, `${patientId}:${request.revision}`))?.doc;
    if (!doc) throw new NotFoundError('Piano precedente non trovato.', 'piano_non_trovato');
    const content = await this.open(doc);
    await this.accessLog.recordAccess(user, patientId, 'diet', `piano precedente n. ${request.revision + 1}`);
    return { content, from: { kind: 'revision', revision: doc.revision, savedAt: doc.savedAt } };
  }

  /** the patient's own current diet, for /home; null when none was saved */
  async mine(user: SessionUser): Promise<DietView | null> {
    const doc = (await dietsReadModel.get(this.readModels, user.id))?.doc ?? null;
    if (!doc) return null;
    const patient = await this.users.get(user.id);
    if (!patient) throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    const view = await this.view(patient, doc, false);
    await this.accessLog.recordAccess(user, user.id, 'diet');
    return view;
  }

  /** the week's shopping list of the patient's current plan (staff); null when none was saved */
  async shoppingList(user: SessionUser, patientId: string): Promise<ShoppingList | null> {
    await this.mayEdit(user, patientId);
    const list = await this.currentShoppingList(patientId);
    if (list) await this.accessLog.recordAccess(user, patientId, 'diet', 'lista della spesa');
    return list;
  }

  /** the patient's own shopping list, for /home */
  async myShoppingList(user: SessionUser): Promise<ShoppingList | null> {
    const list = await this.currentShoppingList(user.id);
    if (list) await this.accessLog.recordAccess(user, user.id, 'diet', 'lista della spesa');
    return list;
  }

  /** the saved diet as a PDF, for the doctor to download; a read of health data, in the patient's access log */
  async pdf(user: SessionUser, patientId: string): Promise<{ pdf: Buffer; patientName: string }> {
    const patient = await this.mayEdit(user, patientId);
    const doc = (await dietsReadModel.get(this.readModels, patientId))?.doc ?? null;
    if (!doc) throw new NotFoundError('Salva la dieta prima di stamparla o scaricarla.', 'dieta_non_salvata');
    const view = await this.view(patient, doc, false);
    const shopping = await this.shoppingListOf(view.content);
    await this.accessLog.recordAccess(user, patientId, 'diet', 'PDF della dieta');
    const signer = view.doctorId && view.doctorName ? { id: view.doctorId, name: view.doctorName } : null;
    const letterhead = await practiceLetterhead({ readModels: this.readModels, config: this.kernel.config }, signer, this.settings.images);
    return { pdf: await renderDietPdf(view, shopping, await this.printedRecipes(view.content), letterhead), patientName: view.patientName };
  }

  /** the recipe book's recipes the plan uses (rows and alternatives), as the sheet prints them; an archived one too */
  private async printedRecipes(content: DietContent): Promise<PrintedRecipe[]> {
    const ids = new Set<string>();
    for (const day of content.days)
      for (const rows of Object.values(day.meals))
        for (const row of rows)
          for (const item of [row.item, ...row.alternatives.map((a) => a.item)]) if (typeof item === 'string' && item.startsWith('ricetta-')) ids.add(item);
    const printed: PrintedRecipe[] = [];
    for (const id of ids) {
      const recipe = await this.recipes.get(id.slice('ricetta-'.length)).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      if (!recipe) continue;
      const { composition: c } = recipe;
      printed.push({
        name: recipe.name,
        ingredients: recipe.ingredients.map((i) => ({ foodName: i.foodName, grams: i.grams })),
        cookedWeight: c.cookedWeight,
        portionCount: c.portionCount,
        portionGrams: c.portionGrams,
        note: recipe.note ?? null,
      });
    }
    return printed;
  }

  /**
   * "Invia al paziente": only a doctor who treats the patient (not the front desk, whose role is to book, not to
   * prescribe). DietSentToPatient goes on the diet's stream; the outbox mails the patient a notice with a link to /home.
   */
  async sendToPatient(user: SessionUser, patientId: string, metadata: EventMetadata): Promise<{ sentAt: string }> {
    if (user.role !== 'doctor') throw new ForbiddenError('Solo il medico che segue il paziente può inviargli la dieta.', 'solo_medico_curante');
    await this.mayEdit(user, patientId);
    const at = this.kernel.clock.now().toISOString();
    const { position } = await this.kernel.commands.execute(
      new SendDiet(dietStreamName(patientId), { type: 'SendDiet', patientId, doctorId: user.id, sendId: randomUUID(), at }, metadata),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { sentAt: at };
  }

  async save(user: SessionUser, patientId: string, input: DietSaveRequest, metadata: EventMetadata): Promise<DietView> {
    const patient = await this.mayEdit(user, patientId);
    const { revision, refreshValues, ...draft } = input;
    await this.store(user, patientId, draft, metadata, revision, refreshValues);
    return this.view(patient, (await dietsReadModel.get(this.readModels, patientId))?.doc ?? null, true);
  }

  /**
   * The editable summary cells of a meal of a day (the plan's first by default): the grams of some of its rows, by row
   * id. Saved into the current plan (rounded as usual), answered with the meal's summary as now stored.
   */
  async saveMealCells(
    user: SessionUser,
    patientId: string,
    meal: Meal,
    grams: Record<string, number>,
    metadata: EventMetadata,
    weekday?: Weekday,
  ): Promise<MealSummary> {
    await this.mayEdit(user, patientId);
    const stored = await dietsReadModel.get(this.readModels, patientId);
    if (!stored) throw new NotFoundError('Salva la dieta prima di modificarne il riepilogo.', 'dieta_non_trovata');
    const content = await this.open(stored.doc);
    const index = weekday ? content.days.findIndex((d) => d.weekday === weekday) : 0;
    if (index < 0) throw new ValidationError(`Il piano non ha il giorno ${weekday}.`, 'giorno_sconosciuto');
    const rows = content.days[index].meals[meal];
    const unknown = Object.keys(grams).find((id) => !rows.some((r) => r.id === id));
    if (unknown !== undefined) throw new ValidationError(`Riga sconosciuta nel pasto ${meal}: ${unknown}.`, 'riga_sconosciuta');
    const days = content.days.map((d, i) =>
      i === index ? { ...d, meals: { ...d.meals, [meal]: rows.map((r) => (r.id in grams ? { ...r, grams: grams[r.id] } : r)) } } : d,
    );
    const saved = await this.store(user, patientId, { ...content, days }, metadata, stored.doc.revision, []);
    return summarizeMeal(meal, saved.days[index].meals[meal], planLookup((await this.foods.catalogue()).lookup, saved.values));
  }

  private async store(
    user: SessionUser,
    patientId: string,
    draft: DietDraft,
    metadata: EventMetadata,
    revision: number | null | undefined,
    refresh: readonly string[],
  ): Promise<DietContent> {
    const catalogue = await this.foods.catalogue();
    const current = (await dietsReadModel.get(this.readModels, patientId))?.doc;
    const previous = current ? (await this.open(current)).values : {};
    // the values kept: the plan's own for the foods it had, the catalogue's now for new ones (never the browser's)
    const values = await this.values.forSave(referencedItems(draft), previous, refresh);
    const normalized = normalizeDiet({ ...draft, values }, planLookup(catalogue.lookup, values));
    if (!normalized.ok) throw new ValidationError(`${normalized.message}.`, normalized.code);
    // health data: sealed with the patient's own key before it reaches the log
    const sealed = await this.kernel.personalData.seal(patientId, normalized.content);
    const { position } = await this.kernel.commands.execute(
      new SaveDiet(
        dietStreamName(patientId),
        { type: 'SaveDiet', patientId, doctorId: user.id, content: normalized.content, sealed, expectedRevision: revision },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return normalized.content;
  }

  /** a calculation's lookup: the practice's foods, and the catalogue foods with the values the editor carries */
  private async draftLookup(draft: DietDraft) {
    const catalogue = await this.foods.catalogue();
    const oneDay = { meals: draft.meals, portions: draft.portions };
    const lookup = planLookup(catalogue.lookup, await this.values.forCalculation(referencedItems(oneDay), draft.values));
    const unknown = unknownReference(oneDay, lookup);
    if (unknown) throw new ValidationError(`${unknown}.`, 'alimento_sconosciuto');
    return lookup;
  }

  private async currentShoppingList(patientId: string): Promise<ShoppingList | null> {
    const doc = (await dietsReadModel.get(this.readModels, patientId))?.doc;
    if (!doc) return null;
    return this.shoppingListOf(await this.open(doc));
  }

  private async shoppingListOf(content: DietContent): Promise<ShoppingList> {
    return dietShoppingList(content, await this.foods.catalogue(), await shoppingRecipesOf(content, this.recipes, this.catalogueFoods));
  }

  /** the last plan saved by the end of that day (the practice's day) */
  private async inForceOn(patientId: string, date: string): Promise<StoredPlan | null> {
    const docs = await dietRevisionsReadModel.find(this.readModels, { patient_id: patientId }, { orderBy: [{ column: 'revision', direction: 'desc' }] });
    const timeZone = this.kernel.config.practiceTimeZone;
    return docs.map((d) => d.doc).find((d: DietRevisionDoc) => practiceDay(new Date(d.savedAt), timeZone) <= date) ?? null;
  }

  /** doctor: only their patients; admin: any patient; 404 when the id is no patient */
  private async mayEdit(user: SessionUser, patientId: string): Promise<UserDoc> {
    const patient = await this.users.get(patientId);
    if (!patient || patient.role !== 'patient') throw new NotFoundError('Paziente non trovato.', 'paziente_non_trovato');
    if (user.role === 'admin') throw new ForbiddenError(FRONT_DESK_NO_PLANS, 'piano_riservato');
    if (user.role === 'doctor') {
      const bookings = await bookingsReadModel.find(this.readModels, { patient_id: patientId, doctor_id: user.id });
      if (bookings.some((b) => CARING_BOOKING_STATUSES.includes(b.doc.status))) return patient;
    }
    throw new ForbiddenError(NOT_YOUR_PATIENT, 'paziente_non_tuo');
  }

  /** a kept plan, read as today's shape (a diet saved before plans had days is a one-day plan) */
  private async open(doc: Pick<DietDoc, 'content'>): Promise<DietContent> {
    const content = await this.kernel.personalData.open<DietContent>(doc.content);
    // null: the patient was erased (key destroyed); nothing of theirs is readable any more
    if (!content) throw new NotFoundError('Dieta non più disponibile: i dati del paziente sono stati cancellati.', 'dieta_cancellata');
    return upcastDietContent(content);
  }

  /** `staff`: the editor's view, with the values updates available since the plan was saved */
  private async view(patient: UserDoc, doc: StoredPlan | null, staff: boolean): Promise<DietView> {
    const content = doc ? await this.open(doc) : EMPTY_DIET;
    const doctor = doc ? await this.users.get(doc.doctorId) : null;
    const head = {
      patientId: patient.id,
      patientName: await this.users.displayName(patient),
      revision: doc?.revision ?? null,
      doctorId: doc?.doctorId ?? null,
      doctorName: doctor ? await this.users.displayName(doctor) : null,
      savedAt: doc?.savedAt ?? null,
    };
    return buildDietView(head, content, await this.foods.catalogue(), staff ? await this.values.updates(content.values) : []);
  }
}
