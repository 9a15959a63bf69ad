// diet's public entry
export { DietService } from './diet.service';
export { FoodsService } from './foods.service';
