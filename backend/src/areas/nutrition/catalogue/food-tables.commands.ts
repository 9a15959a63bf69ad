import { StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import { foodTableDecider, type CloseFoodTableImportCommand, type FoodTableEvent, type ImportFoodTableChunkCommand } from './food-table.decider';
import { foodSourcePreferenceDecider, type FoodSourcePreferenceEvent, type SetPreferredFoodSourceCommand } from './food-source-preference.decider';

// the publishers' tables: an import's chunks and its closing, and the practice's preferred table

export class ImportFoodTableChunk extends StreamCommand<ImportFoodTableChunkCommand, FoodTableEvent> {}

export class CloseFoodTableImport extends StreamCommand<CloseFoodTableImportCommand, FoodTableEvent> {}

export class SetPreferredFoodSource extends StreamCommand<SetPreferredFoodSourceCommand, FoodSourcePreferenceEvent> {}

export const foodTableCommandHandlers = [
  // an import's command depends only on what it declares and on the imports closed before it: decided again when
  // another import wrote the stream meanwhile
  ...handlersOf(foodTableDecider, [ImportFoodTableChunk, CloseFoodTableImport], { onStale: 'decide-again' }),
  ...handlersOf(foodSourcePreferenceDecider, [SetPreferredFoodSource]),
];
