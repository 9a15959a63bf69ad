import { StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import {
  dietTemplateDecider,
  equivalenceListDecider,
  type DietTemplateCommand,
  type DietTemplateEvent,
  type EquivalenceListCommand,
  type EquivalenceListEvent,
} from './diet-library.decider';

// the diet library's commands on the CommandBus, each with its handler (the practice's templates and equivalence lists)

export class SaveDietTemplate extends StreamCommand<Extract<DietTemplateCommand, { type: 'SaveDietTemplate' }>, DietTemplateEvent> {}
export class RenameDietTemplate extends StreamCommand<Extract<DietTemplateCommand, { type: 'RenameDietTemplate' }>, DietTemplateEvent> {}
export class DeleteDietTemplate extends StreamCommand<Extract<DietTemplateCommand, { type: 'DeleteDietTemplate' }>, DietTemplateEvent> {}
export class CreateEquivalenceList extends StreamCommand<Extract<EquivalenceListCommand, { type: 'CreateEquivalenceList' }>, EquivalenceListEvent> {}
export class UpdateEquivalenceList extends StreamCommand<Extract<EquivalenceListCommand, { type: 'UpdateEquivalenceList' }>, EquivalenceListEvent> {}
export class DeleteEquivalenceList extends StreamCommand<Extract<EquivalenceListCommand, { type: 'DeleteEquivalenceList' }>, EquivalenceListEvent> {}

export const dietLibraryCommandHandlers = [
  ...handlersOf(dietTemplateDecider, [SaveDietTemplate, RenameDietTemplate, DeleteDietTemplate], {
    conflictMessage: 'Il modello è stato modificato nel frattempo: ricaricalo e riprova.',
  }),
  ...handlersOf(equivalenceListDecider, [CreateEquivalenceList, UpdateEquivalenceList, DeleteEquivalenceList], {
    conflictMessage: 'La lista è stata modificata nel frattempo: ricaricala e riprova.',
  }),
];
