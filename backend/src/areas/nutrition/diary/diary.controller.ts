import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  DIARY_PHOTO_MAX_BYTES,
  DiaryCommentRequest,
  DiaryEntryRequest,
  DiaryFoodQuery,
  type DiaryFoodAnswer,
  DiaryRangeQuery,
  SelfMeasurementRequest,
  type DiaryEntryView,
  type DiaryView,
  type MeasurementView,
  type SelfMeasurementView,
  type SessionUser,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { readRawBody } from '../../../platform/http/raw-body';
import { metadataFor } from '../../../platform/http/request-context';
import { DiaryPhotosService } from './diary-photos.service';
import { DiaryService } from './diary.service';
import { SelfMeasurementsService } from './self-measurements.service';

/**
 * The food diary: the patient's own under /api/me/…, the treating doctors' reads and comments under /api/patients/:id/….
 * Who may read is decided in the service (every role reaches the reads, so every refusal is an Italian 403 naming why).
 */
@Controller('api')
export class DiaryController {
  constructor(
    private readonly diary: DiaryService,
    private readonly photos: DiaryPhotosService,
    private readonly measurements: SelfMeasurementsService,
  ) {}

  // ---- the patient's own -----------------------------------------------------------------------

  @Post('me/diary')
  @Roles('patient')
  log(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ id: string }> {
    return this.diary.log(user, parseInput(DiaryEntryRequest, body), metadataFor(req, user));
  }

  @Get('me/diary')
  @Roles('patient')
  mine(@Query() query: unknown, @CurrentUser() user: SessionUser): Promise<DiaryView> {
    return this.diary.read(user, user.id, parseInput(DiaryRangeQuery, query));
  }

  /** the catalogue's foods by name, for an entry (the catalogue's own search is the staff's) */
  @Get('me/diary/foods')
  @Roles('patient')
  foods(@Query() query: unknown): Promise<DiaryFoodAnswer> {
    return this.diary.searchFoods(parseInput(DiaryFoodQuery, query).q);
  }

  @Put('me/diary/:entryId')
  @Roles('patient')
  edit(@Param('entryId') entryId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DiaryEntryView> {
    return this.diary.edit(user, entryId, parseInput(DiaryEntryRequest, body), metadataFor(req, user));
  }

  @Delete('me/diary/:entryId')
  @Roles('patient')
  @HttpCode(204)
  remove(@Param('entryId') entryId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<void> {
    return this.diary.remove(user, entryId, metadataFor(req, user));
  }

  /** the photo as the request's body (any image type: decided by the content), up to 10 MB */
  @Put('me/diary/:entryId/photo')
  @Roles('patient')
  @HttpCode(201)
  async photo(@Param('entryId') entryId: string, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ photoUrl: string }> {
    const bytes = await readRawBody(req, DIARY_PHOTO_MAX_BYTES, 'La foto supera i 10 MB ammessi: scattala con una risoluzione più bassa.');
    return this.photos.attach(user, entryId, bytes, metadataFor(req, user));
  }

  @Post('me/measurements')
  @Roles('patient')
  report(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<SelfMeasurementView> {
    return this.measurements.report(user, parseInput(SelfMeasurementRequest, body), metadataFor(req, user));
  }

  @Get('me/self-measurements')
  @Roles('patient')
  mySelfMeasurements(@CurrentUser() user: SessionUser): Promise<SelfMeasurementView[]> {
    return this.measurements.list(user, user.id);
  }

  // ---- the treating doctors -----------------------------------------------------------------------

  @Get('patients/:id/diary')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  read(@Param('id') patientId: string, @Query() query: unknown, @CurrentUser() user: SessionUser): Promise<DiaryView> {
    return this.diary.read(user, patientId, parseInput(DiaryRangeQuery, query));
  }

  @Get('patients/:id/diary/:entryId/photo')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  async readPhoto(@Param('id') patientId: string, @Param('entryId') entryId: string, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const photo = await this.photos.photo(user, patientId, entryId);
    res.setHeader('Content-Type', photo.mediaType);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).send(photo.bytes);
  }

  @Post('patients/:id/diary/:entryId/comments')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  comment(
    @Param('id') patientId: string,
    @Param('entryId') entryId: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<{ id: string }> {
    return this.diary.comment(user, patientId, entryId, parseInput(DiaryCommentRequest, body), metadataFor(req, user));
  }

  @Get('patients/:id/self-measurements')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  selfMeasurements(@Param('id') patientId: string, @CurrentUser() user: SessionUser): Promise<SelfMeasurementView[]> {
    return this.measurements.list(user, patientId);
  }

  @Post('patients/:id/measurements/:measurementId/accept')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  accept(
    @Param('id') patientId: string,
    @Param('measurementId') measurementId: string,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<MeasurementView> {
    return this.measurements.accept(user, patientId, measurementId, metadataFor(req, user));
  }
}
