import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  CatalogueId,
  CategoriesLookupRequest,
  FoodCategoryRequest,
  FoodImportRequest,
  FoodRequest,
  type CategoryAnswer,
  type FoodCategoryView,
  type FoodImportResult,
  type FoodView,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { FoodsService } from './foods.service';

/** the food catalogue: doctors and the front desk keep it */
@Controller('api')
@Roles('doctor', 'admin')
export class FoodsController {
  constructor(private readonly foods: FoodsService) {}

  /** the practice's own foods, as the foods page and the diet editor list them */
  @Get('studio-foods')
  list(): Promise<FoodView[]> {
    return this.foods.foods();
  }

  @Post('foods')
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<FoodView> {
    return this.foods.createFood(parseInput(FoodRequest, body), metadataFor(req, user));
  }

  @Put('foods/:id')
  update(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<FoodView> {
    return this.foods.updateFood(parseInput(CatalogueId, id), parseInput(FoodRequest, body), metadataFor(req, user));
  }

  @Post('foods/import')
  @HttpCode(201)
  import(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<FoodImportResult> {
    return this.foods.importCsv(parseInput(FoodImportRequest, body).csv, metadataFor(req, user));
  }

  @Get('food-categories')
  categories(): Promise<FoodCategoryView[]> {
    return this.foods.categories();
  }

  @Post('food-categories')
  @HttpCode(201)
  createCategory(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<FoodCategoryView> {
    return this.foods.createCategory(parseInput(FoodCategoryRequest, body), metadataFor(req, user));
  }

  @Put('food-categories/:id')
  updateCategory(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<FoodCategoryView> {
    return this.foods.updateCategory(parseInput(CatalogueId, id), parseInput(FoodCategoryRequest, body), metadataFor(req, user));
  }

  /** the editor's categories_url: {id, kcal, base_weight} of the categories asked (a POST, as specified) */
  @Post('diet-tools/categories')
  @HttpCode(200)
  categoryAnswers(@Body() body: unknown): Promise<CategoryAnswer[]> {
    return this.foods.categoryAnswers(parseInput(CategoriesLookupRequest, body).ids);
  }
}
