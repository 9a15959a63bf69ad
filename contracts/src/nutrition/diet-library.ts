import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';
import { CatalogueFoodIdSchema, DietDraft, type DietContent, type DietDay } from './diet-plan';
import { CATEGORY_OFFSET, type DietItem } from './rules/diet-summary';

// The practice's diet library: plan templates and equivalence lists (no patient data in either), and the requests that
// start a patient's plan from a template or from one of their earlier plans, or read the plan in force on a date.

const LibraryId = z
  .string({ error: 'Identificativo mancante' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Identificativo non valido');
const libraryName = (what: string) =>
  storedText({
    label: `Nome ${what}`,
    kind: 'line',
    max: 120,
    tooLong: `Nome ${what} troppo lungo (al massimo 120 caratteri)`,
    missing: `Nome ${what} mancante`,
  }).prefault('');

export function dietTemplateStreamName(templateId: string): string {
  return `${STREAM_PREFIX.dietTemplate}${templateId}`;
}
export function equivalenceListStreamName(listId: string): string {
  return `${STREAM_PREFIX.equivalenceList}${listId}`;
}

/** POST /api/diet-templates: a plan saved as the practice's template (its notes are left out: they may be about the patient) */
export const DietTemplateRequest = z.object({ name: libraryName('del modello'), plan: DietDraft });
export type DietTemplateRequest = z.infer<typeof DietTemplateRequest>;
/** PUT /api/diet-templates/:id: the template's new name (its content stays as saved) */
export const DietTemplateRenameRequest = z.object({ name: libraryName('del modello') });
/** a template's content: a plan without notes */
export type DietTemplateContent = Omit<DietContent, 'notes'> & { notes: null };
export interface DietTemplateView {
  id: string;
  name: string;
  savedAt: string;
  /** the kcal of each day of the plan, week order */
  days: { weekday: DietDay['weekday']; kcal: number }[];
  content: DietTemplateContent;
}

/** POST /api/patients/:patientId/diet/from: a template, or one of the patient's earlier plans (its revision), into the editor */
export const DietFromRequest = z.union(
  [z.object({ templateId: LibraryId }).strict(), z.object({ revision: z.number({ error: 'Revisione non valida' }).int().min(0).max(1_000_000) }).strict()],
  { error: 'Indica un modello (templateId) o un piano precedente (revision)' },
);
export type DietFromRequest = z.infer<typeof DietFromRequest>;
/** what fills the editor: nothing is saved until the doctor saves */
export interface DietFromAnswer {
  content: DietContent;
  from: { kind: 'template'; name: string } | { kind: 'revision'; revision: number; savedAt: string };
}

/** GET /api/patients/:patientId/diet?at=YYYY-MM-DD: the plan in force on that day */
export const DietAtQuery = z.object({
  at: z
    .string({ error: 'Data mancante' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida: usa il formato AAAA-MM-GG')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Data non valida')
    .optional(),
});
/** GET /api/patients/:patientId/diet/revisions: every plan saved, newest first */
export interface DietRevisionView {
  revision: number;
  savedAt: string;
  doctorName: string | null;
}

const ListItem = z.union(
  [
    z
      .number({ error: 'Alimento non valido' })
      .refine(Number.isInteger, 'Alimento non valido')
      .min(1, 'Alimento non valido')
      .max(2 * CATEGORY_OFFSET, 'Alimento non valido'),
    CatalogueFoodIdSchema,
  ],
  { error: 'Alimento non valido' },
);
/** POST /api/equivalence-lists, PUT /api/equivalence-lists/:id: a named list of interchangeable foods of a group */
export const EquivalenceListRequest = z.object({
  name: libraryName('della lista'),
  group: libraryName('del gruppo'),
  items: z
    .array(ListItem, { error: 'Alimenti mancanti' })
    .min(2, 'Una lista di equivalenze ha almeno due alimenti')
    .max(60, 'Al massimo 60 alimenti per lista')
    .refine((items) => new Set(items).size === items.length, 'Un alimento compare due volte nella lista'),
});
export type EquivalenceListRequest = z.infer<typeof EquivalenceListRequest>;
export interface EquivalenceListView {
  id: string;
  name: string;
  group: string;
  items: { item: DietItem; name: string }[];
}
export const LibraryIdParam = LibraryId;
