import type { EventData } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';

// ---- `diettemplate-<id>`: a plan saved as the practice's template (its content written once; renamed, deleted) -----

export type DietTemplateEvent =
  | { type: 'DietTemplateSaved'; data: EventData<'DietTemplateSaved'> }
  | { type: 'DietTemplateRenamed'; data: EventData<'DietTemplateRenamed'> }
  | { type: 'DietTemplateDeleted'; data: EventData<'DietTemplateDeleted'> };
export type DietTemplateState = { status: 'none' } | { status: 'saved'; name: string } | { status: 'deleted' };
export type DietTemplateCommand =
  | ({ type: 'SaveDietTemplate' } & EventData<'DietTemplateSaved'>)
  | ({ type: 'RenameDietTemplate' } & EventData<'DietTemplateRenamed'>)
  | ({ type: 'DeleteDietTemplate' } & EventData<'DietTemplateDeleted'>);

const TEMPLATE_NOT_FOUND = () => new NotFoundError('Modello di dieta non trovato.', 'modello_non_trovato');

export const dietTemplateDecider = {
  initialState: (): DietTemplateState => ({ status: 'none' }),
  evolve: (state: DietTemplateState, event: DietTemplateEvent): DietTemplateState => {
    if (event.type === 'DietTemplateDeleted') return { status: 'deleted' };
    return { status: 'saved', name: event.data.name };
  },
  decide(command: DietTemplateCommand, state: DietTemplateState): DietTemplateEvent[] {
    if (command.type === 'DeleteDietTemplate') {
      if (state.status !== 'saved') throw TEMPLATE_NOT_FOUND();
      return [{ type: 'DietTemplateDeleted', data: { templateId: command.templateId } }];
    }
    if (command.type === 'RenameDietTemplate') {
      if (state.status !== 'saved') throw TEMPLATE_NOT_FOUND();
      const name = command.name.trim();
      if (!name) throw new ValidationError('Nome del modello mancante.', 'modello_non_valido');
      return name === state.name ? [] : [{ type: 'DietTemplateRenamed', data: { templateId: command.templateId, name } }];
    }
    if (state.status !== 'none') throw new ConflictError('Questo modello esiste già.', 'modello_esistente');
    if (!command.name.trim()) throw new ValidationError('Nome del modello mancante.', 'modello_non_valido');
    // a template holds no patient data: the notes (free text about the patient) are never kept
    if ('notes' in command.content && command.content.notes !== null) throw new ValidationError('Un modello non ha note.', 'modello_non_valido');
    const { templateId, name, doctorId, content } = command;
    return [{ type: 'DietTemplateSaved', data: { templateId, name: name.trim(), doctorId, content } }];
  },
};

// ---- `equivalencelist-<id>`: a named list of interchangeable foods of a group --------------------------------------

export type EquivalenceListEvent =
  { type: 'EquivalenceListSaved'; data: EventData<'EquivalenceListSaved'> } | { type: 'EquivalenceListDeleted'; data: EventData<'EquivalenceListDeleted'> };
export type EquivalenceListState = { status: 'none' } | { status: 'deleted' } | ({ status: 'saved' } & Omit<EventData<'EquivalenceListSaved'>, 'listId'>);
export type EquivalenceListCommand =
  | (({ type: 'CreateEquivalenceList' } | { type: 'UpdateEquivalenceList' }) & EventData<'EquivalenceListSaved'>)
  | ({ type: 'DeleteEquivalenceList' } & EventData<'EquivalenceListDeleted'>);

const LIST_NOT_FOUND = () => new NotFoundError('Lista di equivalenze non trovata.', 'lista_non_trovata');

export const equivalenceListDecider = {
  initialState: (): EquivalenceListState => ({ status: 'none' }),
  evolve: (_state: EquivalenceListState, event: EquivalenceListEvent): EquivalenceListState => {
    if (event.type === 'EquivalenceListDeleted') return { status: 'deleted' };
    const { name, group, items } = event.data;
    return { status: 'saved', name, group, items };
  },
  decide(command: EquivalenceListCommand, state: EquivalenceListState): EquivalenceListEvent[] {
    if (command.type === 'DeleteEquivalenceList') {
      if (state.status !== 'saved') throw LIST_NOT_FOUND();
      return [{ type: 'EquivalenceListDeleted', data: { listId: command.listId } }];
    }
    // a deleted list's id is not taken again
    if (command.type === 'CreateEquivalenceList' && state.status !== 'none') throw new ConflictError('Questa lista esiste già.', 'lista_esistente');
    if (command.type === 'UpdateEquivalenceList' && state.status !== 'saved') throw LIST_NOT_FOUND();
    if (command.items.length < 2) throw new ValidationError('Una lista di equivalenze ha almeno due alimenti.', 'lista_non_valida');
    if (new Set(command.items).size !== command.items.length) throw new ValidationError('Un alimento compare due volte nella lista.', 'lista_non_valida');
    const { listId, name, group, items } = command;
    if (state.status === 'saved' && JSON.stringify([state.name, state.group, state.items]) === JSON.stringify([name, group, items])) return [];
    return [{ type: 'EquivalenceListSaved', data: { listId, name, group, items } }];
  },
};
