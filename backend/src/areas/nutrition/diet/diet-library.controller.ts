import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  DietTemplateRenameRequest,
  DietTemplateRequest,
  EquivalenceListRequest,
  LibraryIdParam,
  type DietTemplateView,
  type EquivalenceListView,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { DietLibraryService } from './diet-library.service';

/** the practice's diet templates and equivalence lists (no patient data); renaming and deleting: doctors only (the front desk reaches the service, to be told why not) */
@Controller('api')
export class DietLibraryController {
  constructor(private readonly library: DietLibraryService) {}

  @Get('diet-templates')
  @Roles('doctor', 'admin')
  templates(): Promise<DietTemplateView[]> {
    return this.library.templates();
  }

  @Post('diet-templates')
  @Roles('doctor', 'admin')
  saveTemplate(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DietTemplateView> {
    return this.library.saveTemplate(user, parseInput(DietTemplateRequest, body), metadataFor(req, user));
  }

  @Put('diet-templates/:id')
  @Roles('doctor', 'admin')
  renameTemplate(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DietTemplateView> {
    const { name } = parseInput(DietTemplateRenameRequest, body);
    return this.library.renameTemplate(user, parseInput(LibraryIdParam, id), name, metadataFor(req, user));
  }

  @Delete('diet-templates/:id')
  @HttpCode(204)
  @Roles('doctor', 'admin')
  async deleteTemplate(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<void> {
    await this.library.deleteTemplate(user, parseInput(LibraryIdParam, id), metadataFor(req, user));
  }

  @Get('equivalence-lists')
  @Roles('doctor', 'admin')
  equivalenceLists(): Promise<EquivalenceListView[]> {
    return this.library.equivalenceLists();
  }

  @Post('equivalence-lists')
  @Roles('doctor', 'admin')
  createList(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<EquivalenceListView> {
    return this.library.createEquivalenceList(parseInput(EquivalenceListRequest, body), metadataFor(req, user));
  }

  @Put('equivalence-lists/:id')
  @Roles('doctor', 'admin')
  updateList(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<EquivalenceListView> {
    return this.library.updateEquivalenceList(user, parseInput(LibraryIdParam, id), parseInput(EquivalenceListRequest, body), metadataFor(req, user));
  }

  @Delete('equivalence-lists/:id')
  @HttpCode(204)
  @Roles('doctor', 'admin')
  async deleteList(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<void> {
    await this.library.deleteEquivalenceList(user, parseInput(LibraryIdParam, id), metadataFor(req, user));
  }
}
