import { Injectable } from '@nestjs/common';
import {
  diaryStreamName,
  parseCatalogueFoodId,
  practiceDay,
  weeklyAdherence,
  type DiaryCommentRequest,
  type DiaryEntryContent,
  type DiaryEntryRequest,
  type DiaryEntryView,
  type DiaryFoodAnswer,
  type DiaryRangeQuery,
  type DiaryView,
  type EventMetadata,
  type Sealed,
  type SessionUser,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { NotFoundError, ValidationError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { UsersService } from '../../accounts/users';
import { FoodCatalogueService } from '../catalogue';
import { DiaryAccess } from './diary-access';
import { CommentDiaryEntry, DeleteDiaryEntry, EditDiaryEntry, LogDiaryEntry } from './diary.commands';
import type { DiaryDoc, DiaryEntryDoc } from './diary.projection';
import { diaryReadModel } from './read-models';
import { plannedMeals } from './planned-meals';

/** where an entry's cleaned photo is served (the photo's id makes a new photo a new address for the browser's cache) */
export const photoUrlOf = (patientId: string, entry: DiaryEntryDoc): string | null =>
  entry.photo ? `/api/patients/${patientId}/diary/${entry.id}/photo?v=${entry.photo.id}` : null;

/** the patient's food diary: their entries (sealed with their key), the treating doctors' reads and comments */
@Injectable()
export class DiaryService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly foods: FoodCatalogueService,
    private readonly access: DiaryAccess,
  ) {}

  // ---- the patient's writes ------------------------------------------------------------------

  async log(user: SessionUser, input: DiaryEntryRequest, metadata: EventMetadata): Promise<{ id: string }> {
    const entryId = randomUUID();
    const { date, meal, content } = await this.checked(user.id, input);
    await this.run(new LogDiaryEntry(diaryStreamName(user.id), { type: 'LogDiaryEntry', patientId: user.id, entryId, date, meal, content }, metadata));
    return { id: entryId };
  }

  async edit(user: SessionUser, entryId: string, input: DiaryEntryRequest, metadata: EventMetadata): Promise<DiaryEntryView> {
    const { date, meal, content } = await this.checked(user.id, input);
    await this.run(new EditDiaryEntry(diaryStreamName(user.id), { type: 'EditDiaryEntry', patientId: user.id, entryId, date, meal, content }, metadata));
    return this.entry(user, user.id, entryId);
  }

  async remove(user: SessionUser, entryId: string, metadata: EventMetadata): Promise<void> {
    await this.run(new DeleteDiaryEntry(diaryStreamName(user.id), { type: 'DeleteDiaryEntry', patientId: user.id, entryId }, metadata));
  }

  /** the request checked (no day in the future, every food in the catalogue) and its health part sealed */
  private async checked(patientId: string, input: DiaryEntryRequest): Promise<{ date: string; meal: DiaryEntryRequest['meal']; content: Sealed }> {
    if (input.date > this.today()) throw new ValidationError('La data del pasto è nel futuro.', 'data_futura');
    for (const item of input.items ?? [])
      if (!(await this.foodName(item.foodId))) throw new ValidationError(`Alimento sconosciuto nel catalogo: ${item.foodId}.`, 'alimento_sconosciuto');
    const { date, meal, ...rest } = input;
    // health data: sealed with the patient's own key before it reaches the log
    return { date, meal, content: await this.kernel.personalData.seal(patientId, rest satisfies DiaryEntryContent) };
  }

  // ---- the treating doctor's comment ----------------------------------------------------------

  async comment(user: SessionUser, patientId: string, entryId: string, input: DiaryCommentRequest, metadata: EventMetadata): Promise<{ id: string }> {
    await this.access.patientExists(patientId);
    const treats = await this.access.treats(user, patientId);
    const commentId = randomUUID();
    // sealed only for a comment the decider will take
    const content = treats ? await this.kernel.personalData.seal(patientId, input.text) : { keyId: patientId, iv: '', tag: '', data: '' };
    const at = this.kernel.clock.now().toISOString();
    await this.run(
      new CommentDiaryEntry(
        diaryStreamName(patientId),
        { type: 'CommentDiaryEntry', patientId, entryId, commentId, doctorId: user.id, treats, at, content },
        metadata,
      ),
    );
    return { id: commentId };
  }

  // ---- reads -------------------------------------------------------------------------------------

  /** the diary between two days, by day and meal, with the weekly adherence; a doctor's read is in the access log */
  async read(user: SessionUser, patientId: string, range: DiaryRangeQuery): Promise<DiaryView> {
    await this.access.mayRead(user, patientId);
    const doc = await this.doc(patientId);
    const inRange = (doc?.entries ?? []).filter((e) => e.date >= range.from && e.date <= range.to);
    const entries: DiaryEntryView[] = [];
    const names = new Map<string, string>();
    for (const e of inRange) entries.push(await this.view(patientId, e, names));
    entries.sort((a, b) => a.date.localeCompare(b.date) || MEAL_ORDER[a.meal] - MEAL_ORDER[b.meal] || (a.time ?? '').localeCompare(b.time ?? ''));
    const planned = await plannedMeals(this.kernel, patientId, range.from, range.to);
    const adherence = weeklyAdherence(inRange, range.from, range.to, this.today(), planned);
    const view: DiaryView = { patientId, from: range.from, to: range.to, entries, adherence };
    await this.access.logRead(user, patientId, `diario dal ${range.from} al ${range.to}`);
    return view;
  }

  private async entry(user: SessionUser, patientId: string, entryId: string): Promise<DiaryEntryView> {
    const found = (await this.doc(patientId))?.entries.find((e) => e.id === entryId);
    if (!found) throw new NotFoundError('Pasto del diario non trovato.', 'pasto_non_trovato');
    return this.view(patientId, found, new Map());
  }

  private async view(patientId: string, e: DiaryEntryDoc, names: Map<string, string>): Promise<DiaryEntryView> {
    const content = await this.open<DiaryEntryContent>(e.content);
    const itemNames: Record<string, string> = {};
    for (const item of content.items ?? []) itemNames[item.foodId] = (await this.foodName(item.foodId)) ?? item.foodId;
    const comments = [];
    for (const c of e.comments) {
      if (!names.has(c.doctorId)) {
        const doctor = await this.users.get(c.doctorId);
        names.set(c.doctorId, doctor ? await this.users.displayName(doctor) : 'medico');
      }
      comments.push({ id: c.id, doctorId: c.doctorId, doctorName: names.get(c.doctorId)!, text: await this.open<string>(c.content), at: c.at });
    }
    return { id: e.id, date: e.date, meal: e.meal, ...content, itemNames, photoUrl: photoUrlOf(patientId, e), loggedAt: e.loggedAt, comments };
  }

  async searchFoods(q: string): Promise<DiaryFoodAnswer> {
    return { items: (await this.foods.search(q, { limit: 20 })).map((f) => ({ id: f.id, name: f.name })) };
  }

  private async foodName(foodId: string): Promise<string | null> {
    const parsed = parseCatalogueFoodId(foodId);
    return parsed ? ((await this.foods.byCode(parsed.source, parsed.code))?.name ?? null) : null;
  }

  private async doc(patientId: string): Promise<DiaryDoc | null> {
    return (await diaryReadModel.get(this.kernel.readModels, patientId))?.doc ?? null;
  }

  private async open<T>(sealed: Sealed): Promise<T> {
    const value = await this.kernel.personalData.open<T>(sealed);
    // null: the patient was erased (key destroyed); nothing of theirs is readable any more
    if (value === null) throw new NotFoundError('I dati di questo paziente sono stati cancellati.', 'dati_cancellati');
    return value;
  }

  private today(): string {
    return practiceDay(this.kernel.clock.now(), this.kernel.config.practiceTimeZone);
  }

  private async run(command: LogDiaryEntry | EditDiaryEntry | DeleteDiaryEntry | CommentDiaryEntry): Promise<void> {
    const { position } = await this.kernel.commands.execute<typeof command, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }
}

const MEAL_ORDER: Record<DiaryEntryRequest['meal'], number> = { colazione: 0, spuntino: 1, pranzo: 2, merenda: 3, cena: 4 };
