import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  DietAtQuery,
  DietDraft,
  DietFromRequest,
  DietSaveRequest,
  EntityId,
  MealName,
  MealCellsRequest,
  type DietFromAnswer,
  type DietPatient,
  type DietRevisionView,
  type ShoppingList,
  type DietSummary,
  type DietView,
  type MealSummary,
  type SessionUser,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { DietService } from './diet.service';

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

  /** the current plan, or (`?at=YYYY-MM-DD`) the one in force on that day */
  @Get('patients/:patientId/diet')
  @Roles('doctor', 'admin')
  get(@Param('patientId') patientId: string, @Query() query: unknown, @CurrentUser() user: SessionUser): Promise<DietView> {
    const id = parseInput(EntityId, patientId);
    return this.diets.get(user, id, parseInput(DietAtQuery, query).at);
  }

  /** every plan saved for the patient, newest first */
  @Get('patients/:patientId/diet/revisions')
  @Roles('doctor', 'admin')
  revisions(@Param('patientId') patientId: string, @CurrentUser() user: SessionUser): Promise<DietRevisionView[]> {
    return this.diets.revisions(user, parseInput(EntityId, patientId));
  }

  /** a template or an earlier plan into the editor: nothing is saved until the doctor saves */
  @Post('patients/:patientId/diet/from')
  @HttpCode(200)
  @Roles('doctor', 'admin')
  startFrom(@Param('patientId') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser): Promise<DietFromAnswer> {
    const id = parseInput(EntityId, patientId);
    return this.diets.startFrom(user, id, parseInput(DietFromRequest, body));
  }

  /** the week's shopping list of the current plan */
  @Get('patients/:patientId/diet/shopping-list')
  @Roles('doctor', 'admin')
  async shoppingList(@Param('patientId') patientId: string, @CurrentUser() user: SessionUser): Promise<{ list: ShoppingList | null }> {
    return { list: await this.diets.shoppingList(user, parseInput(EntityId, patientId)) };
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
    const cells = parseInput(MealCellsRequest, body);
    return this.diets.saveMealCells(user, id, parseInput(MealName, meal), cells.grams, metadataFor(req, user), cells.day);
  }

  /** the patient's own current diet, for /home */
  @Get('me/diet')
  @Roles('patient')
  async mine(@CurrentUser() user: SessionUser): Promise<{ diet: DietView | null }> {
    return { diet: await this.diets.mine(user) };
  }

  /** the patient's own shopping list, for /home */
  @Get('me/diet/shopping-list')
  @Roles('patient')
  async myShoppingList(@CurrentUser() user: SessionUser): Promise<{ list: ShoppingList | null }> {
    return { list: await this.diets.myShoppingList(user) };
  }
}
