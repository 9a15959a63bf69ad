import type { EventData } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/common/errors';

// ---- `foodcategory-<id>` ---------------------------------------------------------------------

export type FoodCategoryEvent =
  { type: 'FoodCategoryCreated'; data: EventData<'FoodCategoryCreated'> } | { type: 'FoodCategoryUpdated'; data: EventData<'FoodCategoryUpdated'> };
export type FoodCategoryFields = Omit<EventData<'FoodCategoryCreated'>, 'categoryId'>;
export type FoodCategoryState = { status: 'none' } | ({ status: 'exists' } & FoodCategoryFields);
export type FoodCategoryCommand = { type: 'CreateFoodCategory' | 'UpdateFoodCategory'; categoryId: number; category: FoodCategoryFields };

export const CATEGORY_NOT_FOUND = 'Categoria di alimenti non trovata.';
export const FOOD_NOT_FOUND = 'Alimento non trovato.';

function checkNutrition(kcal100: number, baseWeight: number, code: string): void {
  if (!(kcal100 >= 0 && kcal100 <= 900)) throw new ValidationError('Le kcal per 100 g devono essere tra 0 e 900.', code);
  if (!Number.isInteger(baseWeight) || baseWeight < 1 || baseWeight > 1000)
    throw new ValidationError('Il peso base deve essere un intero di grammi tra 1 e 1000.', code);
}

export const foodCategoryDecider = {
  initialState: (): FoodCategoryState => ({ status: 'none' }),
  evolve(_state: FoodCategoryState, event: FoodCategoryEvent): FoodCategoryState {
    const { name, kcal100, baseWeight } = event.data;
    return { status: 'exists', name, kcal100, baseWeight };
  },
  decide(command: FoodCategoryCommand, state: FoodCategoryState): FoodCategoryEvent[] {
    const name = command.category.name.trim();
    if (!name) throw new ValidationError('Nome della categoria mancante.', 'categoria_non_valida');
    checkNutrition(command.category.kcal100, command.category.baseWeight, 'categoria_non_valida');
    const data = { categoryId: command.categoryId, name, kcal100: command.category.kcal100, baseWeight: command.category.baseWeight };
    if (command.type === 'CreateFoodCategory') {
      if (state.status === 'exists') throw new ConflictError('Questa categoria esiste già.', 'categoria_esistente');
      return [{ type: 'FoodCategoryCreated', data }];
    }
    if (state.status === 'none') throw new NotFoundError(CATEGORY_NOT_FOUND, 'categoria_non_trovata');
    const same = state.name === name && state.kcal100 === data.kcal100 && state.baseWeight === data.baseWeight;
    return same ? [] : [{ type: 'FoodCategoryUpdated', data }];
  },
};

// ---- `food-<id>` -----------------------------------------------------------------------------

export type FoodEvent = { type: 'FoodCreated'; data: EventData<'FoodCreated'> } | { type: 'FoodUpdated'; data: EventData<'FoodUpdated'> };
export type FoodFields = Omit<EventData<'FoodCreated'>, 'foodId'>;
export type FoodState = { status: 'none' } | ({ status: 'exists' } & FoodFields);
/** `categoryExists`: looked up by the caller (another stream), checked here */
export type FoodCommand = { type: 'CreateFood' | 'UpdateFood'; foodId: number; food: FoodFields; categoryExists: boolean };

export const foodDecider = {
  initialState: (): FoodState => ({ status: 'none' }),
  evolve(_state: FoodState, event: FoodEvent): FoodState {
    const { foodId: _id, ...fields } = event.data;
    return { status: 'exists', ...fields };
  },
  decide(command: FoodCommand, state: FoodState): FoodEvent[] {
    const f = command.food;
    const name = f.name.trim();
    if (!name) throw new ValidationError('Nome dell’alimento mancante.', 'alimento_non_valido');
    if (!command.categoryExists) throw new ValidationError(`Categoria sconosciuta: ${f.categoryId}.`, 'categoria_sconosciuta');
    checkNutrition(f.kcal100, f.baseWeight, 'alimento_non_valido');
    for (const v of [f.protein, f.carbohydrate, f.fat])
      if (!(v >= 0 && v <= 100)) throw new ValidationError('I macronutrienti per 100 g devono essere tra 0 e 100.', 'alimento_non_valido');
    if (f.protein + f.carbohydrate + f.fat > 100)
      throw new ValidationError('Proteine, carboidrati e grassi insieme non possono superare 100 g su 100 g.', 'alimento_non_valido');
    const fields: FoodFields = {
      name,
      categoryId: f.categoryId,
      kcal100: f.kcal100,
      baseWeight: f.baseWeight,
      protein: f.protein,
      carbohydrate: f.carbohydrate,
      fat: f.fat,
      ...(f.allergens ? { allergens: [...new Set(f.allergens)].sort() } : {}),
    };
    const data = { foodId: command.foodId, ...fields };
    if (command.type === 'CreateFood') {
      if (state.status === 'exists') throw new ConflictError('Questo alimento esiste già.', 'alimento_esistente');
      return [{ type: 'FoodCreated', data }];
    }
    if (state.status === 'none') throw new NotFoundError(FOOD_NOT_FOUND, 'alimento_non_trovato');
    const { status: _s, ...before } = state;
    const same =
      JSON.stringify({ ...before, allergens: before.allergens ?? null }) === JSON.stringify({ ...before, ...fields, allergens: fields.allergens ?? null });
    return same ? [] : [{ type: 'FoodUpdated', data }];
  },
};
