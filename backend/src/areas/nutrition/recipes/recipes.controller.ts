import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { RecipeId, RecipeRequest, RecipeSearchQuery, type RecipeSummary, type RecipeView, type SessionUser } from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { RecipesService } from './recipes.service';

/** the practice's recipe book: doctors and the front desk keep it (no personal data in it) */
@Controller('api')
@Roles('doctor', 'admin')
export class RecipesController {
  constructor(private readonly recipes: RecipesService) {}

  @Get('recipes')
  list(@Query() query: unknown): Promise<RecipeSummary[]> {
    return this.recipes.list(parseInput(RecipeSearchQuery, query).q);
  }

  @Get('recipes/:id')
  get(@Param('id') id: string): Promise<RecipeView> {
    return this.recipes.get(parseInput(RecipeId, id));
  }

  @Post('recipes')
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<RecipeView> {
    return this.recipes.create(parseInput(RecipeRequest, body), metadataFor(req, user));
  }

  @Put('recipes/:id')
  update(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<RecipeView> {
    return this.recipes.update(parseInput(RecipeId, id), parseInput(RecipeRequest, body), metadataFor(req, user));
  }

  @Post('recipes/:id/copy')
  @HttpCode(201)
  copy(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<RecipeView> {
    return this.recipes.copy(parseInput(RecipeId, id), metadataFor(req, user));
  }

  @Delete('recipes/:id')
  @HttpCode(204)
  async archive(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<void> {
    await this.recipes.archive(parseInput(RecipeId, id), metadataFor(req, user));
  }
}
