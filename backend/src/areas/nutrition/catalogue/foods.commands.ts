import { StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import { foodCategoryDecider, foodDecider, type FoodCategoryCommand, type FoodCategoryEvent, type FoodCommand, type FoodEvent } from './food.decider';

// the catalogue's commands on the CommandBus: the practice's foods and food categories

export class CreateFoodCategory extends StreamCommand<FoodCategoryCommand & { type: 'CreateFoodCategory' }, FoodCategoryEvent> {}

export class UpdateFoodCategory extends StreamCommand<FoodCategoryCommand & { type: 'UpdateFoodCategory' }, FoodCategoryEvent> {}

export class CreateFood extends StreamCommand<FoodCommand & { type: 'CreateFood' }, FoodEvent> {}

export class UpdateFood extends StreamCommand<FoodCommand & { type: 'UpdateFood' }, FoodEvent> {}

export const foodCommandHandlers = [
  ...handlersOf(foodCategoryDecider, [CreateFoodCategory, UpdateFoodCategory]),
  ...handlersOf(foodDecider, [CreateFood, UpdateFood]),
];
