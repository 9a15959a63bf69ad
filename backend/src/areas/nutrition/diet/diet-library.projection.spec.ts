import { dietTemplatesProjection, equivalenceListsProjection } from './diet-library.projection';
import { foldDocuments, recorded } from '../../../testing/evolve-fixtures';

describe('diet library projections', () => {
  it('keeps each template by id, with when it was saved', () => {
    const content = { days: [], notes: null };
    const docs = foldDocuments(dietTemplatesProjection, [
      recorded('diettemplate-t1', 'DietTemplateSaved', { templateId: 't1', name: 'Mediterranea', doctorId: 'd1', content }, '2030-03-04T10:00:00.000Z'),
    ]);
    expect(docs.get('t1')).toEqual({ id: 't1', name: 'Mediterranea', doctorId: 'd1', content, savedAt: '2030-03-04T10:00:00.000Z' });
  });

  it('keeps the last version of each equivalence list', () => {
    const docs = foldDocuments(equivalenceListsProjection, [
      recorded('equivalencelist-l1', 'EquivalenceListSaved', { listId: 'l1', name: 'A', group: 'G', items: [1, 2] }),
      recorded('equivalencelist-l1', 'EquivalenceListSaved', { listId: 'l1', name: 'B', group: 'G', items: [1, 2, 'ciqual-1'] }, '2030-02-01T00:00:00.000Z'),
    ]);
    expect(docs.get('l1')).toEqual({ id: 'l1', name: 'B', group: 'G', items: [1, 2, 'ciqual-1'], updatedAt: '2030-02-01T00:00:00.000Z' });
  });

  it('renames a template and forgets a deleted template or list', () => {
    const content = { days: [], notes: null };
    const templates = foldDocuments(dietTemplatesProjection, [
      recorded('diettemplate-t1', 'DietTemplateSaved', { templateId: 't1', name: 'Mediterranea', doctorId: 'd1', content }, '2030-03-04T10:00:00.000Z'),
      recorded('diettemplate-t1', 'DietTemplateRenamed', { templateId: 't1', name: 'Mediterranea 1800' }),
      recorded('diettemplate-t2', 'DietTemplateSaved', { templateId: 't2', name: 'Iposodica', doctorId: 'd1', content }),
      recorded('diettemplate-t2', 'DietTemplateDeleted', { templateId: 't2' }),
    ]);
    expect(templates.get('t1')).toMatchObject({ name: 'Mediterranea 1800', savedAt: '2030-03-04T10:00:00.000Z' });
    expect(templates.get('t2')).toBeNull();
    const lists = foldDocuments(equivalenceListsProjection, [
      recorded('equivalencelist-l1', 'EquivalenceListSaved', { listId: 'l1', name: 'A', group: 'G', items: [1, 2] }),
      recorded('equivalencelist-l1', 'EquivalenceListDeleted', { listId: 'l1' }),
    ]);
    expect(lists.get('l1')).toBeNull();
  });
});
