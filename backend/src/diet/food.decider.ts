import { normalizeDiet, portionsTotal, weeklyPortionsProblem, type DietContent, type EventData, type Sealed } from '@studio/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';

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
    };
    const data = { foodId: command.foodId, ...fields };
    if (command.type === 'CreateFood') {
      if (state.status === 'exists') throw new ConflictError('Questo alimento esiste già.', 'alimento_esistente');
      return [{ type: 'FoodCreated', data }];
    }
    if (state.status === 'none') throw new NotFoundError(FOOD_NOT_FOUND, 'alimento_non_trovato');
    const { status: _s, ...before } = state;
    const same = (Object.keys(fields) as (keyof FoodFields)[]).every((k) => before[k] === fields[k]);
    return same ? [] : [{ type: 'FoodUpdated', data }];
  },
};

// ---- `diet-<patientId>`: the patient's current diet ---------------------------------------------

export type DietEvent = { type: 'DietSaved'; data: EventData<'DietSaved'> } | { type: 'DietSentToPatient'; data: EventData<'DietSentToPatient'> };
export type DietState = { status: 'none' } | { status: 'saved'; revision: number; doctorId: string };
export type DietCommand =
  | SaveDietCommand
  /** the treating doctor sends the saved diet to the patient (a notice with a link to /home) */
  | { type: 'SendDiet'; patientId: string; doctorId: string; sendId: string; at: string };
type SaveDietCommand = {
  type: 'SaveDiet';
  patientId: string;
  doctorId: string;
  /** in clear and already normalized (normalizeDiet), to check the rules; only `sealed` goes into the event */
  content: DietContent;
  /** `content` sealed with the patient's key (sealing needs the key table, so the caller does it) */
  sealed: Sealed;
  /** the revision the editor loaded (null: it saw no diet); undefined: whatever is there */
  expectedRevision?: number | null;
};

export const dietDecider = {
  initialState: (): DietState => ({ status: 'none' }),
  evolve(state: DietState, event: DietEvent): DietState {
    if (event.type !== 'DietSaved') return state;
    return { status: 'saved', revision: state.status === 'saved' ? state.revision + 1 : 0, doctorId: event.data.doctorId };
  },
  decide(command: DietCommand, state: DietState): DietEvent[] {
    if (command.type === 'SendDiet') {
      if (state.status !== 'saved') throw new ValidationError('Salva la dieta prima di inviarla al paziente.', 'dieta_non_salvata');
      const { patientId, doctorId, sendId, at } = command;
      return [{ type: 'DietSentToPatient', data: { patientId, doctorId, sendId, revision: state.revision, at } }];
    }
    const current = state.status === 'saved' ? state.revision : null;
    if (command.expectedRevision !== undefined && command.expectedRevision !== current) {
      throw new ConflictError('La dieta è stata modificata nel frattempo da un altro utente: ricaricala e riprova.', 'dieta_modificata');
    }
    const portions = weeklyPortionsProblem(portionsTotal(command.content.portions));
    if (portions) throw new ValidationError(`${portions.message}.`, portions.code);
    // the content must already be what normalizeDiet keeps: rounded grams, every row chosen
    const again = normalizeDiet(command.content, () => ({ name: '', kcal100: 0, baseWeight: 0, protein: null, carbohydrate: null, fat: null }));
    if (!again.ok) throw new ValidationError(`${again.message}.`, again.code);
    return [{ type: 'DietSaved', data: { patientId: command.patientId, doctorId: command.doctorId, content: command.sealed } }];
  },
};
