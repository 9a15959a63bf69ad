import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  CatalogueId,
  CategoriesLookupRequest,
  DietDraft,
  DietSaveRequest,
  EntityId,
  FoodCategoryRequest,
  FoodImportRequest,
  FoodRequest,
  MealName,
  MealCellsRequest,
  type CategoryAnswer,
  type DietPatient,
  type DietSummary,
  type DietView,
  type FoodCategoryView,
  type FoodImportResult,
  type FoodView,
  type MealSummary,
  type SessionUser,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../auth/guards';
import { parseInput } from '../http/parse';
import { metadataFor } from '../http/request-context';
import { DietService } from './diet.service';
import { FoodsService } from './foods.service';

/** the food catalogue: doctors and the front desk keep it */
@Controller('api')
@Roles('doctor', 'admin')
export class FoodsController {
  constructor(private readonly foods: FoodsService) {}

  @Get('foods')
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

  /** the editor's categories_url: {id, kcal, base_weight} of the categories asked (a POST, as in SPEC point 7) */
  @Post('diet-tools/categories')
  @HttpCode(200)
  categoryAnswers(@Body() body: unknown): Promise<CategoryAnswer[]> {
    return this.foods.categoryAnswers(parseInput(CategoriesLookupRequest, body).ids);
  }
}

/** the diet editor's calls; a diet is the patient's current one */
@Controller('api')
export class DietController {
  constructor(private readonly diets: DietService) {}

  /** calculate_url: the current summary of the form as it is (nothing stored) */
  @Post('diet-tools/calculate')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  calculate(@Body() body: unknown): Promise<DietSummary> {
    return this.diets.calculate(parseInput(DietDraft, body));
  }

  /** calculate_meal_url: one meal's summary table */
  @Post('diet-tools/calculate/:meal')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  calculateMeal(@Param('meal') meal: string, @Body() body: unknown): Promise<MealSummary> {
    return this.diets.calculateMeal(parseInput(MealName, meal), parseInput(DietDraft, body));
  }

  @Get('diets/patients')
  @Roles('doctor', 'admin')
  patients(@CurrentUser() user: SessionUser): Promise<DietPatient[]> {
    return this.diets.patients(user);
  }

  @Get('patients/:patientId/diet')
  @Roles('doctor', 'admin')
  get(@Param('patientId') patientId: string, @CurrentUser() user: SessionUser): Promise<DietView> {
    return this.diets.get(user, parseInput(EntityId, patientId));
  }

  @Put('patients/:patientId/diet')
  @Roles('doctor', 'admin')
  save(@Param('patientId') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DietView> {
    const id = parseInput(EntityId, patientId);
    return this.diets.save(user, id, parseInput(DietSaveRequest, body), metadataFor(req, user));
  }

  /** the saved diet as a PDF (the treating doctor downloads it; the front desk may too, as it may read the diet) */
  @Get('patients/:patientId/diet.pdf')
  @Roles('doctor', 'admin')
  async pdf(@Param('patientId') patientId: string, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { pdf } = await this.diets.pdf(user, parseInput(EntityId, patientId));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', 'attachment; filename="dieta.pdf"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).send(pdf);
  }

  /** "Invia al paziente": an email with a link to /home, never the diet (only the treating doctor) */
  @Post('patients/:patientId/diet/send')
  @HttpCode(202)
  @Roles('doctor', 'admin') // the front desk reaches the service, to be told why not
  send(@Param('patientId') patientId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ sentAt: string }> {
    return this.diets.sendToPatient(user, parseInput(EntityId, patientId), metadataFor(req, user));
  }

  /** a meal summary's saving URL: the edited cells (grams by row id) */
  @Post('patients/:patientId/diet/meals/:meal')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  saveMealCells(
    @Param('patientId') patientId: string,
    @Param('meal') meal: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<MealSummary> {
    const id = parseInput(EntityId, patientId);
    return this.diets.saveMealCells(user, id, parseInput(MealName, meal), parseInput(MealCellsRequest, body).grams, metadataFor(req, user));
  }

  /** the patient's own current diet, for /home */
  @Get('me/diet')
  @Roles('patient')
  async mine(@CurrentUser() user: SessionUser): Promise<{ diet: DietView | null }> {
    return { diet: await this.diets.mine(user) };
  }
}
