import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ATTACHMENT_MAX_BYTES,
  AttachmentName,
  CareShareRequest,
  type AttachmentView,
  ClinicalRecordRequest,
  DietTargetsRequest,
  EnergyQuery,
  LabResultRequest,
  MeasurementRequest,
  VisitNoteRequest,
  type ClinicalRecordPresence,
  type ClinicalRecordView,
  type EnergyView,
  type LabResultView,
  type MeasurementView,
  type SessionUser,
  type VisitNoteView,
} from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { readRawBody } from '../../../platform/http/raw-body';
import { metadataFor } from '../../../platform/http/request-context';
import { ClinicalRecordService } from './clinical-record.service';
import { renderVisitReportPdf } from './visit-report-pdf';
import { UsersService } from '../../accounts/users';
import { attachmentDisposition } from '../../../platform/common/content-disposition';
import { practiceLetterhead } from '../../../platform/config/practice-letterhead';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { SettingsService } from '../../practice';

/**
 * The clinical record: the treating doctors under /api/patients/:id/…, the patient their own under /api/me/…, the
 * segreteria only whether it exists. Who may read is decided in the service (every role reaches it, so every
 * refusal is an Italian 403 naming why).
 */
@Controller('api')
export class ClinicalRecordController {
  constructor(
    private readonly clinical: ClinicalRecordService,
    private readonly users: UsersService,
    private readonly kernel: KernelPorts,
    private readonly settings: SettingsService,
  ) {}

  @Get('patients/:id/record')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  record(@Param('id') patientId: string, @CurrentUser() user: SessionUser): Promise<ClinicalRecordView> {
    return this.clinical.view(user, patientId);
  }

  @Get('patients/:id/record/presence')
  @Roles('doctor', 'admin')
  presence(@Param('id') patientId: string, @CurrentUser() user: SessionUser): Promise<ClinicalRecordPresence> {
    return this.clinical.presence(user, patientId);
  }

  @Put('patients/:id/record')
  @Roles('doctor', 'admin', 'patient')
  setRecord(@Param('id') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<ClinicalRecordView> {
    return this.clinical.setRecord(user, patientId, parseInput(ClinicalRecordRequest, body), metadataFor(req, user));
  }

  @Post('patients/:id/measurements')
  @Roles('doctor', 'admin', 'patient')
  addMeasurement(@Param('id') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<MeasurementView> {
    return this.clinical.addMeasurement(user, patientId, parseInput(MeasurementRequest, body), metadataFor(req, user));
  }

  @Get('patients/:id/measurements')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  measurements(@Param('id') patientId: string, @CurrentUser() user: SessionUser): Promise<MeasurementView[]> {
    return this.clinical.measurements(user, patientId);
  }

  @Get('patients/:id/energy')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  energy(@Param('id') patientId: string, @Query() query: unknown, @CurrentUser() user: SessionUser): Promise<EnergyView> {
    const { equation, pal } = parseInput(EnergyQuery, query);
    return this.clinical.energy(user, patientId, equation, pal);
  }

  @Post('patients/:id/notes')
  @Roles('doctor', 'admin', 'patient')
  signNote(@Param('id') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<VisitNoteView> {
    return this.clinical.signNote(user, patientId, parseInput(VisitNoteRequest, body), metadataFor(req, user));
  }

  @Post('patients/:id/labs')
  @Roles('doctor', 'admin', 'patient')
  addLab(@Param('id') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<LabResultView> {
    return this.clinical.addLabResult(user, patientId, parseInput(LabResultRequest, body), metadataFor(req, user));
  }

  @Get('patients/:id/diet-targets')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  targets(@Param('id') patientId: string, @CurrentUser() user: SessionUser) {
    return this.clinical.targets(user, patientId);
  }

  @Put('patients/:id/diet-targets')
  @Roles('doctor', 'admin', 'patient')
  setTargets(@Param('id') patientId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DietTargetsRequest> {
    return this.clinical.setTargets(user, patientId, parseInput(DietTargetsRequest, body), metadataFor(req, user));
  }

  /** the printable visit report: measurements, their trend, the diet's targets, on the practice's letterhead */
  @Get('patients/:id/visit-report.pdf')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  async visitReport(@Param('id') patientId: string, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const view = await this.clinical.view(user, patientId);
    const { targets } = await this.clinical.targets(user, patientId);
    const patient = await this.users.get(patientId);
    // signed by the doctor who downloads it, else by the author of the latest signed note
    const latestNote = [...view.notes].sort((a, b) => a.signedAt.localeCompare(b.signedAt)).at(-1);
    const signer = user.role === 'doctor' ? { id: user.id, name: user.name } : latestNote ? { id: latestNote.authorId, name: latestNote.authorName } : null;
    const letterhead = await practiceLetterhead({ readModels: this.kernel.readModels, config: this.kernel.config }, signer, this.settings.images);
    const pdf = await renderVisitReportPdf({ patientName: patient ? await this.users.displayName(patient) : '', view, targets, letterhead });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', 'inline; filename="relazione-visita.pdf"');
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).send(pdf);
  }

  /**
   * An attachment: the file's bytes as the body (any content type but JSON and forms, which the app's parsers take),
   * its name in `?name=`. Read here up to 10 MB; the type is decided by the content, not by the header.
   */
  @Post('patients/:id/attachments')
  @Roles('doctor', 'admin', 'patient')
  async addAttachment(
    @Param('id') patientId: string,
    @Query('name') name: unknown,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<AttachmentView> {
    const fileName = parseInput(AttachmentName, name);
    const bytes = await readRawBody(req, ATTACHMENT_MAX_BYTES);
    return this.clinical.addAttachment(user, patientId, fileName, bytes, metadataFor(req, user));
  }

  @Get('patients/:id/attachments/:attachmentId')
  @Roles('doctor', 'admin', 'auditor', 'patient')
  async attachment(
    @Param('id') patientId: string,
    @Param('attachmentId') attachmentId: string,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.clinical.attachment(user, patientId, attachmentId);
    res.setHeader('Content-Type', file.mediaType);
    res.setHeader('Content-Disposition', attachmentDisposition(file.name));
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).send(file.bytes);
  }

  // ---- the patient's own -----------------------------------------------------------------------

  @Get('me/record')
  @Roles('patient')
  myRecord(@CurrentUser() user: SessionUser): Promise<ClinicalRecordView> {
    return this.clinical.view(user, user.id);
  }

  @Get('me/measurements')
  @Roles('patient')
  myMeasurements(@CurrentUser() user: SessionUser): Promise<MeasurementView[]> {
    return this.clinical.measurements(user, user.id);
  }

  @Get('me/energy')
  @Roles('patient')
  myEnergy(@Query() query: unknown, @CurrentUser() user: SessionUser): Promise<EnergyView> {
    const { equation, pal } = parseInput(EnergyQuery, query);
    return this.clinical.energy(user, user.id, equation, pal);
  }

  /** the patient lets a doctor read and write their record */
  @Post('me/care-shares')
  @Roles('patient')
  @HttpCode(200)
  share(@Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request) {
    const { doctorId } = parseInput(CareShareRequest, body);
    return this.clinical.shareCare(user, doctorId, true, metadataFor(req, user));
  }

  @Delete('me/care-shares/:doctorId')
  @Roles('patient')
  revoke(@Param('doctorId') doctorId: string, @CurrentUser() user: SessionUser, @Req() req: Request) {
    return this.clinical.shareCare(user, doctorId, false, metadataFor(req, user));
  }
}
