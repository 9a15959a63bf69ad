import type { EventData, ImportedFoodSource } from '@studio/contracts';

// ---- `foodsourcepreference-practice`: the food table the practice prefers ------------------------

export const FOOD_SOURCE_PREFERENCE_STREAM = 'foodsourcepreference-practice';
export type FoodSourcePreferenceEvent = { type: 'PreferredFoodSourceSet'; data: EventData<'PreferredFoodSourceSet'> };
export interface FoodSourcePreferenceState {
  source: ImportedFoodSource | null;
}
export interface SetPreferredFoodSourceCommand {
  type: 'SetPreferredFoodSource';
  source: ImportedFoodSource | null;
  at: string;
}

export const foodSourcePreferenceDecider = {
  initialState: (): FoodSourcePreferenceState => ({ source: null }),
  evolve(_state: FoodSourcePreferenceState, event: FoodSourcePreferenceEvent): FoodSourcePreferenceState {
    return { source: event.data.source };
  },
  decide(command: SetPreferredFoodSourceCommand, state: FoodSourcePreferenceState): FoodSourcePreferenceEvent[] {
    return command.source === state.source ? [] : [{ type: 'PreferredFoodSourceSet', data: { source: command.source, at: command.at } }];
  },
};
