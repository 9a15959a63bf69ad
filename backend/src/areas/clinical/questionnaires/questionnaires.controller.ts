import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  AnswersRequest,
  EntityId,
  QuestionnaireListQuery,
  QuestionnaireRequest,
  QuestionnaireActiveRequest,
  QuestionnaireRevisionRequest,
  type AnswersRecorded,
  type PatientAnswersResponse,
  type QuestionnaireView,
  type SessionUser,
} from '@studio/contracts';
import type { Request } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { metadataFor } from '../../../platform/http/request-context';
import { QuestionnairesService } from './questionnaires.service';

@Controller('api')
export class QuestionnairesController {
  constructor(private readonly questionnaires: QuestionnairesService) {}

  @Post('questionnaires')
  @HttpCode(201)
  @Roles('doctor', 'admin')
  define(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ id: string }> {
    return this.questionnaires.define(user, parseInput(QuestionnaireRequest, body), metadataFor(req, user));
  }

  @Get('questionnaires')
  @Roles('doctor', 'admin', 'patient')
  list(@Query() query: unknown, @CurrentUser() user: SessionUser): Promise<QuestionnaireView[]> {
    const { doctor, booking } = parseInput(QuestionnaireListQuery, query);
    return this.questionnaires.list(user, doctor, booking);
  }

  @Get('questionnaires/:id')
  @Roles('doctor', 'admin', 'patient')
  get(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<QuestionnaireView> {
    return this.questionnaires.get(user, parseInput(EntityId, id));
  }

  /** a new version: the owner doctor or an administrator */
  @Put('questionnaires/:id')
  @Roles('doctor', 'admin')
  revise(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<QuestionnaireView> {
    const questionnaireId = parseInput(EntityId, id);
    return this.questionnaires.revise(user, questionnaireId, parseInput(QuestionnaireRevisionRequest, body), metadataFor(req, user));
  }

  @Put('questionnaires/:id/active')
  @Roles('doctor', 'admin')
  setActive(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<QuestionnaireView> {
    const questionnaireId = parseInput(EntityId, id);
    return this.questionnaires.setActive(user, questionnaireId, parseInput(QuestionnaireActiveRequest, body).active, metadataFor(req, user));
  }

  @Delete('questionnaires/:id')
  @HttpCode(204)
  @Roles('doctor', 'admin')
  async remove(@Param('id') id: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<void> {
    await this.questionnaires.delete(user, parseInput(EntityId, id), metadataFor(req, user));
  }

  @Post('questionnaires/:id/answers')
  @HttpCode(201)
  @Roles('patient')
  answer(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<AnswersRecorded> {
    const questionnaireId = parseInput(EntityId, id);
    return this.questionnaires.answer(user, questionnaireId, parseInput(AnswersRequest, body).answers, metadataFor(req, user));
  }

  @Get('patients/:patientId/answers')
  @Roles('patient', 'doctor', 'admin')
  patientAnswers(@Param('patientId') patientId: string, @CurrentUser() user: SessionUser): Promise<PatientAnswersResponse> {
    return this.questionnaires.patientAnswers(user, parseInput(EntityId, patientId));
  }
}
