import { STREAM_PREFIX } from '@studio/contracts';
import type { DietTemplateContent, ProjectionDefinition } from '@studio/contracts';

/** the practice's diet templates (no patient data) */
export interface DietTemplateDoc {
  id: string;
  name: string;
  doctorId: string;
  content: DietTemplateContent;
  savedAt: string;
}

export const dietTemplatesProjection: ProjectionDefinition<DietTemplateDoc, 'DietTemplateSaved' | 'DietTemplateRenamed' | 'DietTemplateDeleted'> = {
  name: 'diet_templates',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.dietTemplate],
  eventTypes: ['DietTemplateSaved', 'DietTemplateRenamed', 'DietTemplateDeleted'],
  documentId: (event) => event.data.templateId,
  evolve(doc, event) {
    if (event.type === 'DietTemplateDeleted') return null;
    if (event.type === 'DietTemplateRenamed') return doc && { ...doc, name: event.data.name };
    const d = event.data;
    return { id: d.templateId, name: d.name, doctorId: d.doctorId, content: d.content as unknown as DietTemplateContent, savedAt: event.metadata.at };
  },
  indexes: {},
};

/** the practice's equivalence lists */
export interface EquivalenceListDoc {
  id: string;
  name: string;
  group: string;
  items: (number | string)[];
  updatedAt: string;
}

export const equivalenceListsProjection: ProjectionDefinition<EquivalenceListDoc, 'EquivalenceListSaved' | 'EquivalenceListDeleted'> = {
  name: 'equivalence_lists',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.equivalenceList],
  eventTypes: ['EquivalenceListSaved', 'EquivalenceListDeleted'],
  documentId: (event) => event.data.listId,
  evolve(_doc, event) {
    if (event.type === 'EquivalenceListDeleted') return null;
    const d = event.data;
    return { id: d.listId, name: d.name, group: d.group, items: d.items, updatedAt: event.metadata.at };
  },
  indexes: {},
};
