import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  FoodSearchQuery,
  PreferredFoodSourceRequest,
  type PreferredFoodSourceView,
  type CatalogueFood,
  type FoodSearchAnswer,
  type FoodTableImportResult,
  type FoodTableImportView,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { ValidationError } from '../../../platform/common/errors';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { FoodCatalogueService } from './food-catalogue.service';
import { FoodTablesService } from './food-tables.service';

/** the whole catalogue (the publishers' tables and the practice's foods) and the tables' imports */
@Controller('api')
@Roles('doctor', 'admin')
export class FoodCatalogueController {
  constructor(
    private readonly catalogue: FoodCatalogueService,
    private readonly tables: FoodTablesService,
    private readonly kernel: KernelPorts,
  ) {}

  /** the search (`q`), the first foods of a source, or one food by its code in its table (`source` and `code`) */
  @Get('foods')
  async search(@Req() req: Request): Promise<FoodSearchAnswer> {
    const query = parseInput(FoodSearchQuery, req.query);
    if (query.source && query.code) {
      const food = await this.catalogue.byCode(query.source, query.code);
      return { items: food ? [food] : [] };
    }
    return { items: await this.catalogue.search(query.q, { limit: query.limit, source: query.source }) };
  }

  @Get('foods/:id')
  food(@Param('id') id: string): Promise<CatalogueFood> {
    return this.catalogue.food(id);
  }

  /** the table whose food comes first where both tables have the same food */
  @Get('food-tables/preference')
  preference(): Promise<PreferredFoodSourceView> {
    return this.catalogue.preference();
  }

  @Put('food-tables/preference')
  @Roles('admin')
  setPreference(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<PreferredFoodSourceView> {
    return this.catalogue.setPreference(parseInput(PreferredFoodSourceRequest, body).source, metadataFor(req, user));
  }

  /** the imports' log, newest first */
  @Get('food-tables')
  imports(): Promise<FoodTableImportView[]> {
    return this.tables.imports();
  }

  /** imports the tables in the server's folder (FOODS_DATA_DIR); the same version from the same files appends nothing */
  @Post('food-tables/import')
  @Roles('admin')
  @HttpCode(200)
  async import(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<FoodTableImportResult[]> {
    const dir = this.kernel.config.foods.dataDir;
    if (!dir) throw new ValidationError('Nessuna cartella delle tabelle degli alimenti configurata sul server (FOODS_DATA_DIR).', 'tabelle_non_configurate');
    const results = await this.tables.importFolder(dir, metadataFor(req, user));
    this.catalogue.invalidate();
    return results;
  }
}
