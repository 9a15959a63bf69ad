import { Injectable } from '@nestjs/common';
import {
  visitTypesStreamName,
  type EventMetadata,
  type SessionUser,
  type VisitTypeRequest,
  type VisitTypeUpdateRequest,
  type VisitTypeView,
} from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { CatalogService } from '../../payments/catalog';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/common/errors';
import { ArchiveVisitType, CreateVisitType, UpdateVisitType } from './visit-types.commands';
import { type Ports } from '../../../platform/kernel/ports';
import { UsersService } from '../../accounts/users';
import { QuestionnaireOwners } from './visit-types.ports';
import { visitTypesReadModel } from './read-models';
import { ONLINE_HAS_NO_LOCATION, VISIT_TYPE_NOT_FOUND, type VisitType, type VisitTypeSettings } from './visit-types.decider';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { LOCATION_NOT_FOUND, readLocation } from '../../../platform/config/locations';

/** the product that prices a visit type on the payment page: its name says the length */
const productOf = (s: Pick<VisitTypeSettings, 'name' | 'minutes' | 'priceCents'>, active: boolean) => ({
  name: `${s.name} (${s.minutes} minuti)`,
  description: '',
  priceCents: s.priceCents,
  active,
  // a visit type says itself who may book it (firstVisitOnly, followUpOnly at the hold): its product restricts no one
  followUpOnly: false,
});

export const toVisitTypeView = (t: VisitType): VisitTypeView => ({
  id: t.visitTypeId,
  doctorId: t.doctorId,
  productId: t.productId,
  name: t.name,
  minutes: t.minutes,
  priceCents: t.priceCents,
  mode: t.mode,
  firstVisitOnly: t.firstVisitOnly,
  followUpOnly: t.followUpOnly ?? false,
  bufferMinutes: t.bufferMinutes,
  noticeMinutes: t.noticeMinutes,
  horizonDays: t.horizonDays,
  questionnaireIds: t.questionnaireIds ?? [],
  locationId: t.locationId ?? null,
  archived: t.archived,
});

/**
 * A doctor's visit types, all on the doctor's one stream (a handful each); read from the visit_types read model, which
 * each command here waits for before answering (the decider folds the stream itself for its own checks).
 */
@Injectable()
export class VisitTypesService {
  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
    private readonly catalog: CatalogService,
    private readonly questionnaireOwners: QuestionnaireOwners,
  ) {
    this.readModels = kernel.readModels;
  }

  /** the doctor themself or an administrator */
  private async authorise(user: SessionUser, doctorId: string): Promise<void> {
    if (user.role === 'doctor' && user.id !== doctorId) throw new ForbiddenError('Puoi gestire solo i tuoi tipi di visita.');
    if (user.role !== 'doctor' && user.role !== 'admin') throw new ForbiddenError();
    await this.users.getDoctor(doctorId);
  }

  /** the questionnaires assigned to a visit type are the same doctor's, and exist (the questionnaires feature answers: QuestionnaireOwners) */
  private async checkQuestionnaires(doctorId: string, ids: string[] | undefined): Promise<void> {
    for (const id of ids ?? []) {
      if ((await this.questionnaireOwners.ownerOf(id)) !== doctorId)
        throw new ValidationError('Questionario non trovato tra quelli del medico.', 'questionario_non_trovato');
    }
    if (ids && new Set(ids).size !== ids.length) throw new ValidationError('Lo stesso questionario è indicato due volte.', 'questionario_ripetuto');
  }

  /** a location named must be one of the practice's, and not for an online visit (checked before the product is made) */
  private async checkLocation(locationId: string | undefined, mode: VisitTypeView['mode']): Promise<void> {
    if (!locationId) return;
    if (mode === 'online') throw new ValidationError(ONLINE_HAS_NO_LOCATION, 'tipo_visita_non_valido');
    if (!(await readLocation(this.kernel.readModels, locationId))) throw new ValidationError(LOCATION_NOT_FOUND, 'sede_non_trovata');
  }

  private async all(doctorId: string): Promise<VisitType[]> {
    const docs = await visitTypesReadModel.find(this.readModels, { doctor_id: doctorId });
    return docs
      .map(({ doc: { id: _id, ...type } }) => type)
      .sort((a, b) => a.minutes - b.minutes || a.name.localeCompare(b.name) || a.visitTypeId.localeCompare(b.visitTypeId));
  }

  /** GET /api/doctors/:id/visit-types: the bookable ones; staff may ask for the archived too */
  async list(doctorId: string, includeArchived: boolean): Promise<VisitTypeView[]> {
    await this.users.getDoctor(doctorId);
    return (await this.all(doctorId)).filter((t) => includeArchived || !t.archived).map(toVisitTypeView);
  }

  /** one visit type of the doctor, archived or not; 404 in Italian when unknown */
  async get(doctorId: string, visitTypeId: string): Promise<VisitType> {
    const found = (await this.all(doctorId)).find((t) => t.visitTypeId === visitTypeId);
    if (!found) throw new NotFoundError(VISIT_TYPE_NOT_FOUND, 'tipo_visita_non_trovato');
    return found;
  }

  private async decide(command: CreateVisitType | UpdateVisitType | ArchiveVisitType): Promise<void> {
    // read-your-writes: what follows (the answer, the product's sync) reads the read model
    const { position } = await this.kernel.commands.execute<typeof command, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }

  /** POST /api/doctors/:id/visit-types: the product that prices it first (a product alone is harmless), then the type */
  async create(
    user: SessionUser,
    doctorId: string,
    input: VisitTypeRequest & Required<Omit<VisitTypeRequest, 'questionnaireIds' | 'locationId'>>,
    metadata: EventMetadata,
  ) {
    await this.authorise(user, doctorId);
    await this.checkQuestionnaires(doctorId, input.questionnaireIds);
    await this.checkLocation(input.locationId, input.mode);
    const { questionnaireIds, ...rest } = input;
    const settings: VisitTypeSettings = { ...rest, ...(questionnaireIds ? { questionnaireIds } : {}) };
    const product = await this.catalog.createProduct(productOf(settings, true), metadata);
    const visitTypeId = randomUUID();
    await this.decide(
      new CreateVisitType(visitTypesStreamName(doctorId), { type: 'CreateVisitType', visitTypeId, doctorId, productId: product.id, settings }, metadata),
    );
    return toVisitTypeView(await this.get(doctorId, visitTypeId));
  }

  /** PUT /api/doctors/:id/visit-types/:typeId: the product follows its name, length and price */
  async update(user: SessionUser, doctorId: string, visitTypeId: string, changes: VisitTypeUpdateRequest, metadata: EventMetadata): Promise<VisitTypeView> {
    await this.authorise(user, doctorId);
    const before = await this.get(doctorId, visitTypeId);
    await this.checkQuestionnaires(doctorId, changes.questionnaireIds);
    await this.checkLocation(changes.locationId, changes.mode ?? before.mode);
    await this.decide(new UpdateVisitType(visitTypesStreamName(doctorId), { type: 'UpdateVisitType', visitTypeId, doctorId, changes }, metadata));
    const after = await this.get(doctorId, visitTypeId);
    if (after.name !== before.name || after.minutes !== before.minutes || after.priceCents !== before.priceCents) {
      await this.catalog.updateProduct(after.productId, productOf(after, true), metadata);
    }
    return toVisitTypeView(after);
  }

  /** POST /api/doctors/:id/visit-types/:typeId/archive: no new bookings of it; its product leaves the shop */
  async archive(user: SessionUser, doctorId: string, visitTypeId: string, metadata: EventMetadata): Promise<VisitTypeView> {
    await this.authorise(user, doctorId);
    const before = await this.get(doctorId, visitTypeId);
    await this.decide(new ArchiveVisitType(visitTypesStreamName(doctorId), { type: 'ArchiveVisitType', visitTypeId, doctorId }, metadata));
    if (!before.archived) await this.catalog.updateProduct(before.productId, productOf(before, false), metadata);
    return toVisitTypeView(await this.get(doctorId, visitTypeId));
  }
}
