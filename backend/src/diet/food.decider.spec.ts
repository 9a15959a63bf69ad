import { EMPTY_DIET, type DietContent } from '@studio/contracts';
import { deciderSpec } from '../event-store/decider-spec';
import { dietDecider, foodCategoryDecider, foodDecider, type DietCommand, type DietEvent, type FoodCommand } from './food.decider';

describe('food decider (food-<id>)', () => {
  const given = deciderSpec(foodDecider);
  const food = { name: ' Mela ', categoryId: 11, kcal100: 53, baseWeight: 150, protein: 0.2, carbohydrate: 13.7, fat: 0.1 };
  const create = (changes: Partial<typeof food> = {}, categoryExists = true): FoodCommand => ({
    type: 'CreateFood',
    foodId: 7,
    food: { ...food, ...changes },
    categoryExists,
  });
  const created = { type: 'FoodCreated' as const, data: { foodId: 7, ...food, name: 'Mela' } };

  it('creates a food once, updates it only when something changed', () => {
    given([]).when(create()).then([created]);
    given([created]).when(create()).thenThrows('alimento_esistente');
    given([created])
      .when({ ...create(), type: 'UpdateFood' })
      .then([]);
    given([created])
      .when({ ...create({ kcal100: 54 }), type: 'UpdateFood' })
      .then([{ type: 'FoodUpdated', data: { ...created.data, kcal100: 54 } }]);
    given([])
      .when({ ...create(), type: 'UpdateFood' })
      .thenThrows('alimento_non_trovato');
  });

  it('refuses unknown categories and impossible values', () => {
    given([]).when(create({}, false)).thenThrows('categoria_sconosciuta');
    given([])
      .when(create({ kcal100: 1000 }))
      .thenThrows('alimento_non_valido');
    given([])
      .when(create({ baseWeight: 0 }))
      .thenThrows('alimento_non_valido');
    given([])
      .when(create({ protein: 50, carbohydrate: 50, fat: 1 }))
      .thenThrows('alimento_non_valido');
    given([])
      .when(create({ name: '  ' }))
      .thenThrows('alimento_non_valido');
  });
});

describe('food category decider (foodcategory-<id>)', () => {
  const given = deciderSpec(foodCategoryDecider);
  const category = { name: 'Frutta', kcal100: 45, baseWeight: 150 };
  const created = { type: 'FoodCategoryCreated' as const, data: { categoryId: 3, ...category } };
  it('creates, updates and refuses', () => {
    given([]).when({ type: 'CreateFoodCategory', categoryId: 3, category }).then([created]);
    given([created]).when({ type: 'CreateFoodCategory', categoryId: 3, category }).thenThrows('categoria_esistente');
    given([created])
      .when({ type: 'UpdateFoodCategory', categoryId: 3, category: { ...category, baseWeight: 200 } })
      .then([{ type: 'FoodCategoryUpdated', data: { ...created.data, baseWeight: 200 } }]);
    given([]).when({ type: 'UpdateFoodCategory', categoryId: 3, category }).thenThrows('categoria_non_trovata');
    given([])
      .when({ type: 'CreateFoodCategory', categoryId: 3, category: { ...category, baseWeight: 1.5 } })
      .thenThrows('categoria_non_valida');
  });
});

describe('diet decider (diet-<patientId>)', () => {
  const given = deciderSpec(dietDecider);
  const sealed = { keyId: 'p1', iv: 'iv', tag: 'tag', data: 'cifrato' };
  const content: DietContent = { ...EMPTY_DIET, meals: { ...EMPTY_DIET.meals, pranzo: [{ id: 'a', item: 1, grams: 80, alternatives: [] }] } };
  const save = (changes: Partial<DietCommand> = {}): DietCommand => ({ type: 'SaveDiet', patientId: 'p1', doctorId: 'd1', content, sealed, ...changes });
  const saved: DietEvent = { type: 'DietSaved', data: { patientId: 'p1', doctorId: 'd1', content: sealed } };

  it('records the whole diet sealed; a later save supersedes', () => {
    given([])
      .when(save({ expectedRevision: null }))
      .then([saved]);
    given([saved])
      .when(save({ expectedRevision: 0 }))
      .then([saved]);
    given([saved, saved]).when(save()).then([saved]);
  });

  it('refuses a save made on a revision the editor did not see', () => {
    given([saved])
      .when(save({ expectedRevision: null }))
      .thenThrows('dieta_modificata');
    given([saved, saved])
      .when(save({ expectedRevision: 0 }))
      .thenThrows('dieta_modificata');
    given([])
      .when(save({ expectedRevision: 0 }))
      .thenThrows('dieta_modificata');
  });

  it('refuses portions that do not add up to 14, and unchosen rows', () => {
    const portions = { pranzo: [{ categoryId: 1, times: 7 }], cena: [{ categoryId: 2, times: 6 }] };
    given([])
      .when(save({ content: { ...content, portions } }))
      .thenThrows('porzioni_non_valide');
    given([])
      .when(save({ content: { ...content, portions: { ...portions, cena: [{ categoryId: 2, times: 7 }] } } }))
      .then([saved]);
    given([])
      .when(save({ content: { ...content, meals: { ...content.meals, cena: [{ id: 'b', item: 0, grams: 10, alternatives: [] }] } } }))
      .thenThrows('riga_incompleta');
  });
});
