// diet's public entry
export { DietService } from './diet.service';
export { FoodsService } from './foods.service';
export { foodCategoryDecider, foodDecider } from './food.decider';
export { DEMO_FOOD_CATEGORIES, DEMO_FOODS } from './demo-foods';
export { DietModule } from './diet.module';
