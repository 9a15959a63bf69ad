import { Injectable } from '@nestjs/common';
import {
  dietTemplateStreamName,
  equivalenceListStreamName,
  normalizeDiet,
  planLookup,
  referencedItems,
  summarizeDiet,
  type DietItem,
  type DietTemplateContent,
  type DietTemplateRequest,
  type DietTemplateView,
  type EquivalenceListRequest,
  type EquivalenceListView,
  type EventMetadata,
  type SessionUser,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { FoodsService } from '../catalogue';
import { CatalogueFoodLookup } from './diet.ports';
import { DietValues } from './diet-values';
import {
  CreateEquivalenceList,
  DeleteDietTemplate,
  DeleteEquivalenceList,
  RenameDietTemplate,
  SaveDietTemplate,
  UpdateEquivalenceList,
} from './diet-library.commands';

type LibraryCommand = SaveDietTemplate | RenameDietTemplate | DeleteDietTemplate | CreateEquivalenceList | UpdateEquivalenceList | DeleteEquivalenceList;

/** renaming and deleting the library's templates and lists is the doctors' (the front desk sees no plan) */
export const DOCTORS_ONLY_LIBRARY = 'Solo i medici dello studio rinominano o eliminano modelli e liste di equivalenze.';
function mustBeDoctor(user: SessionUser): void {
  if (user.role !== 'doctor') throw new ForbiddenError(DOCTORS_ONLY_LIBRARY, 'solo_medici');
}
import type { DietTemplateDoc, EquivalenceListDoc } from './diet-library.projection';
import { dietTemplatesReadModel, equivalenceListsReadModel } from './read-models';

/** the practice's diet templates and equivalence lists: no patient data, written by doctors and the front desk */
@Injectable()
export class DietLibraryService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly foods: FoodsService,
    private readonly values: DietValues,
    private readonly catalogueFoods: CatalogueFoodLookup,
  ) {}

  async templates(): Promise<DietTemplateView[]> {
    const docs = await dietTemplatesReadModel.find(this.kernel.readModels, {});
    const views = await Promise.all(docs.map(({ doc }) => this.templateView(doc)));
    return views.sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  /** a plan saved as a template: the same rules as a patient's plan, the catalogue foods' values of now, no notes */
  async saveTemplate(user: SessionUser, input: DietTemplateRequest, metadata: EventMetadata): Promise<DietTemplateView> {
    const catalogue = await this.foods.catalogue();
    const values = await this.values.forSave(referencedItems(input.plan), {}, []);
    const normalized = normalizeDiet({ ...input.plan, notes: null, values }, planLookup(catalogue.lookup, values));
    if (!normalized.ok) throw new ValidationError(`${normalized.message}.`, normalized.code);
    const templateId = randomUUID();
    const content: DietTemplateContent = { ...normalized.content, notes: null };
    await this.run(
      new SaveDietTemplate(
        dietTemplateStreamName(templateId),
        { type: 'SaveDietTemplate', templateId, name: input.name, doctorId: user.id, content },
        metadata,
      ),
    );
    const doc = (await dietTemplatesReadModel.get(this.kernel.readModels, templateId))?.doc;
    if (!doc) throw new NotFoundError('Modello di dieta non trovato.', 'modello_non_trovato');
    return this.templateView(doc);
  }

  async renameTemplate(user: SessionUser, templateId: string, name: string, metadata: EventMetadata): Promise<DietTemplateView> {
    mustBeDoctor(user);
    await this.run(new RenameDietTemplate(dietTemplateStreamName(templateId), { type: 'RenameDietTemplate', templateId, name }, metadata));
    const doc = (await dietTemplatesReadModel.get(this.kernel.readModels, templateId))?.doc;
    if (!doc) throw new NotFoundError('Modello di dieta non trovato.', 'modello_non_trovato');
    return this.templateView(doc);
  }

  /** the plans started from it keep what they copied */
  async deleteTemplate(user: SessionUser, templateId: string, metadata: EventMetadata): Promise<void> {
    mustBeDoctor(user);
    await this.run(new DeleteDietTemplate(dietTemplateStreamName(templateId), { type: 'DeleteDietTemplate', templateId }, metadata));
  }

  async deleteEquivalenceList(user: SessionUser, listId: string, metadata: EventMetadata): Promise<void> {
    mustBeDoctor(user);
    await this.run(new DeleteEquivalenceList(equivalenceListStreamName(listId), { type: 'DeleteEquivalenceList', listId }, metadata));
  }

  async equivalenceLists(): Promise<EquivalenceListView[]> {
    const docs = await equivalenceListsReadModel.find(this.kernel.readModels, {});
    const views = await Promise.all(docs.map(({ doc }) => this.listView(doc)));
    return views.sort((a, b) => a.group.localeCompare(b.group, 'it') || a.name.localeCompare(b.name, 'it'));
  }

  async createEquivalenceList(input: EquivalenceListRequest, metadata: EventMetadata): Promise<EquivalenceListView> {
    await this.checkItems(input.items);
    const listId = randomUUID();
    await this.run(new CreateEquivalenceList(equivalenceListStreamName(listId), { type: 'CreateEquivalenceList', listId, ...input }, metadata));
    return this.list(listId);
  }

  /** a whole list again: renaming a list is saving it with another name */
  async updateEquivalenceList(user: SessionUser, listId: string, input: EquivalenceListRequest, metadata: EventMetadata): Promise<EquivalenceListView> {
    const current = (await equivalenceListsReadModel.get(this.kernel.readModels, listId))?.doc;
    if (current && current.name !== input.name) mustBeDoctor(user);
    await this.checkItems(input.items);
    await this.run(new UpdateEquivalenceList(equivalenceListStreamName(listId), { type: 'UpdateEquivalenceList', listId, ...input }, metadata));
    return this.list(listId);
  }

  private async list(listId: string): Promise<EquivalenceListView> {
    const doc = (await equivalenceListsReadModel.get(this.kernel.readModels, listId))?.doc;
    if (!doc) throw new NotFoundError('Lista di equivalenze non trovata.', 'lista_non_trovata');
    return this.listView(doc);
  }

  private async run(command: LibraryCommand): Promise<void> {
    const { position } = await this.kernel.commands.execute(command);
    if (position) await this.kernel.changes.waitFor(position);
  }

  /** every food of a list exists: a practice food or category, or a catalogue food */
  private async checkItems(items: DietItem[]): Promise<void> {
    for (const item of items) if (!(await this.nameOf(item))) throw new ValidationError(`Alimento sconosciuto: ${item}.`, 'alimento_sconosciuto');
  }

  private async nameOf(item: DietItem): Promise<string | undefined> {
    if (typeof item === 'number') return (await this.foods.catalogue()).lookup(item)?.name;
    return (await this.catalogueFoods.find(item))?.name;
  }

  private async listView(doc: EquivalenceListDoc): Promise<EquivalenceListView> {
    const items = await Promise.all(doc.items.map(async (item) => ({ item, name: (await this.nameOf(item)) ?? String(item) })));
    return { id: doc.id, name: doc.name, group: doc.group, items };
  }

  private async templateView(doc: DietTemplateDoc): Promise<DietTemplateView> {
    const lookup = planLookup((await this.foods.catalogue()).lookup, doc.content.values ?? {});
    const days = (doc.content.days ?? []).map((day) => ({
      weekday: day.weekday,
      kcal: summarizeDiet({ meals: day.meals, portions: doc.content.portions }, lookup).kcal,
    }));
    return { id: doc.id, name: doc.name, savedAt: doc.savedAt, days, content: doc.content };
  }
}
