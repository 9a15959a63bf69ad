import { foodCategoriesProjection, foodsProjection } from './foods.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

describe('food catalogue projections', () => {
  it('keeps the last saved food and category by numeric id, with indexes to find the highest id', () => {
    const food = { foodId: 7, name: 'Mela', categoryId: 3, kcal100: 53, baseWeight: 150, protein: 0.2, carbohydrate: 13.7, fat: 0.1 };
    const foods = fold(foodsProjection, [
      recorded('food-7', 'FoodCreated', food, '2030-03-04T10:00:00.000Z'),
      recorded('food-7', 'FoodUpdated', { ...food, kcal100: 54 }, '2030-03-05T10:00:00.000Z'),
    ]);
    expect(foods.get('7')).toEqual({
      id: 7,
      name: 'Mela',
      categoryId: 3,
      kcal100: 54,
      baseWeight: 150,
      protein: 0.2,
      carbohydrate: 13.7,
      fat: 0.1,
      updatedAt: '2030-03-05T10:00:00.000Z',
    });
    expect(foodsProjection.indexes.food_id.value(foods.get('7')!)).toBe(7);
    const categories = fold(foodCategoriesProjection, [
      recorded('foodcategory-3', 'FoodCategoryCreated', { categoryId: 3, name: 'Frutta', kcal100: 45, baseWeight: 150 }),
    ]);
    expect(categories.get('3')).toMatchObject({ id: 3, name: 'Frutta', kcal100: 45, baseWeight: 150 });
  });
});
