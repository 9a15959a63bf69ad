import { z } from '../../platform/zod-it';

/** Events of `diettemplate-<id>` and `equivalencelist-<id>`: the practice's diet library, no patient data (not sealed). */

const PlainItem = z.union([z.number().int().min(1), z.string().max(80)]);

/** on `diettemplate-<id>`: a plan saved as a template (DietTemplateContent: days, meal names, portions, values; no notes) */
export const DietTemplateSaved = z.object({
  templateId: z.string(),
  name: z.string(),
  doctorId: z.string(),
  content: z.record(z.string(), z.unknown()),
});
/** on `diettemplate-<id>`: the template's new name */
export const DietTemplateRenamed = z.object({ templateId: z.string(), name: z.string() });
/** on `diettemplate-<id>`: the template leaves the library (the plans started from it keep what they copied) */
export const DietTemplateDeleted = z.object({ templateId: z.string() });
/** on `equivalencelist-<id>`: a named list of interchangeable foods of a group, whole (a later one supersedes) */
export const EquivalenceListSaved = z.object({ listId: z.string(), name: z.string(), group: z.string(), items: z.array(PlainItem) });

/** on `equivalencelist-<id>`: the list leaves the library */
export const EquivalenceListDeleted = z.object({ listId: z.string() });

/** these streams' events, for the catalogue */
export const DietLibraryEventSchemas = { DietTemplateSaved, DietTemplateRenamed, DietTemplateDeleted, EquivalenceListSaved, EquivalenceListDeleted } as const;
