import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { foodCategoryDecider, foodDecider, type FoodCommand } from './food.decider';

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

  it('keeps the allergens the practice declares (each once, sorted) and updates when they change', () => {
    const withTags = { type: 'FoodCreated' as const, data: { ...created.data, allergens: ['latte' as const, 'lattosio' as const] } };
    given([])
      .when({ ...create(), food: { ...food, allergens: ['lattosio', 'latte', 'latte'] } })
      .then([withTags]);
    given([withTags])
      .when({ ...create(), type: 'UpdateFood', food: { ...food, allergens: ['latte', 'lattosio'] } })
      .then([]);
    given([withTags])
      .when({ ...create(), type: 'UpdateFood', food: { ...food, allergens: ['latte'] } })
      .then([{ type: 'FoodUpdated', data: { ...created.data, allergens: ['latte'] } }]);
    given([created])
      .when({ ...create(), type: 'UpdateFood', food: { ...food, allergens: [] } })
      .then([{ type: 'FoodUpdated', data: { ...created.data, allergens: [] } }]);
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
