import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { dietTemplateDecider, equivalenceListDecider, type DietTemplateEvent, type EquivalenceListEvent } from './diet-library.decider';

describe('diet template decider (diettemplate-<id>)', () => {
  const given = deciderSpec(dietTemplateDecider);
  const content = { days: [{ weekday: 'lunedi', meals: {} }], notes: null };
  const save = { type: 'SaveDietTemplate' as const, templateId: 't1', name: ' Ipocalorica 1500 ', doctorId: 'd1', content };
  const saved: DietTemplateEvent = { type: 'DietTemplateSaved', data: { templateId: 't1', name: 'Ipocalorica 1500', doctorId: 'd1', content } };

  it('saves a template once, its name trimmed', () => {
    given([]).when(save).then([saved]);
    given([saved]).when(save).thenThrows('modello_esistente');
  });

  it('refuses a template without a name, or with notes (they may be about a patient)', () => {
    given([])
      .when({ ...save, name: '  ' })
      .thenThrows('modello_non_valido');
    given([])
      .when({ ...save, content: { ...content, notes: { type: 'doc', content: [] } } })
      .thenThrows('modello_non_valido');
  });

  it('renames a template (trimmed; the same name writes nothing) and deletes it; a deleted one is gone for good', () => {
    const rename = { type: 'RenameDietTemplate' as const, templateId: 't1', name: ' Mediterranea 1800 ' };
    const renamed: DietTemplateEvent = { type: 'DietTemplateRenamed', data: { templateId: 't1', name: 'Mediterranea 1800' } };
    const deleted: DietTemplateEvent = { type: 'DietTemplateDeleted', data: { templateId: 't1' } };
    given([saved]).when(rename).then([renamed]);
    given([saved, renamed]).when(rename).then([]);
    given([saved])
      .when({ ...rename, name: ' ' })
      .thenThrows('modello_non_valido');
    given([]).when(rename).thenThrows('modello_non_trovato');
    given([saved, renamed]).when({ type: 'DeleteDietTemplate', templateId: 't1' }).then([deleted]);
    given([]).when({ type: 'DeleteDietTemplate', templateId: 't1' }).thenThrows('modello_non_trovato');
    given([saved, deleted]).when({ type: 'DeleteDietTemplate', templateId: 't1' }).thenThrows('modello_non_trovato');
    given([saved, deleted]).when(rename).thenThrows('modello_non_trovato');
    given([saved, deleted]).when(save).thenThrows('modello_esistente');
  });
});

describe('equivalence list decider (equivalencelist-<id>)', () => {
  const given = deciderSpec(equivalenceListDecider);
  const list = { listId: 'l1', name: 'Secondi magri', group: 'Carne e pesce', items: ['ciqual-28503', 'ciqual-26043'] };
  const saved: EquivalenceListEvent = { type: 'EquivalenceListSaved', data: list };

  it('creates a list, then replaces it whole; the same list again writes nothing', () => {
    given([])
      .when({ type: 'CreateEquivalenceList', ...list })
      .then([saved]);
    const longer = { ...list, items: [...list.items, 12] };
    given([saved])
      .when({ type: 'UpdateEquivalenceList', ...longer })
      .then([{ type: 'EquivalenceListSaved', data: longer }]);
    given([saved])
      .when({ type: 'UpdateEquivalenceList', ...list })
      .then([]);
  });

  it('refuses a second creation, an update of nothing, fewer than two foods or a food twice', () => {
    given([saved])
      .when({ type: 'CreateEquivalenceList', ...list })
      .thenThrows('lista_esistente');
    given([])
      .when({ type: 'UpdateEquivalenceList', ...list })
      .thenThrows('lista_non_trovata');
    given([])
      .when({ type: 'CreateEquivalenceList', ...list, items: [1] })
      .thenThrows('lista_non_valida');
    given([])
      .when({ type: 'CreateEquivalenceList', ...list, items: [1, 1] })
      .thenThrows('lista_non_valida');
  });

  it('deletes a list; a deleted list is neither updated, deleted again nor created again', () => {
    const deleted: EquivalenceListEvent = { type: 'EquivalenceListDeleted', data: { listId: 'l1' } };
    given([saved]).when({ type: 'DeleteEquivalenceList', listId: 'l1' }).then([deleted]);
    given([]).when({ type: 'DeleteEquivalenceList', listId: 'l1' }).thenThrows('lista_non_trovata');
    given([saved, deleted]).when({ type: 'DeleteEquivalenceList', listId: 'l1' }).thenThrows('lista_non_trovata');
    given([saved, deleted])
      .when({ type: 'UpdateEquivalenceList', ...list })
      .thenThrows('lista_non_trovata');
    given([saved, deleted])
      .when({ type: 'CreateEquivalenceList', ...list })
      .thenThrows('lista_esistente');
  });
});
