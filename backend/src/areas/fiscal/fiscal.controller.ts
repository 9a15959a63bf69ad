import { Body, Controller, Get, HttpStatus, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  type ErasureInfoView,
  type FiscalProfileView,
  type FiscalYearView,
  type ReceiptDocument,
  type SessionUser,
  StsExportQuery,
  documentNumber,
} from '@studio/contracts';
import type { FiscalOrderDoc } from './fiscal.projection';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../../platform/auth/guards';
import { parseInput } from '../../platform/http/parse';
import { metadataFor } from '../../platform/http/request-context';
import { readPracticeIdentity } from '../../platform/config/practice-settings';
import { type Ports } from '../../platform/kernel/ports';
import { FiscalService } from './fiscal.service';
import { receiptDocument, renderReceiptPdf } from './receipt-pdf';
import { practiceLogo } from '../../platform/config/practice-logo';
import { SettingsService } from '../practice';
import { fiscalOrdersReadModel } from './read-models';
import { KernelPorts } from '../../platform/kernel/kernel-ports';

export interface MyReceipt {
  orderId: string;
  label: string;
  creditNote: string | null;
}

@Controller()
export class FiscalController {
  private readonly readModels: Ports['readModels'];

  constructor(
    private readonly kernel: KernelPorts,
    private readonly fiscal: FiscalService,
    private readonly settings: SettingsService,
  ) {
    this.readModels = kernel.readModels;
  }

  /** a doctor their own, admin anyone's */
  @Get('api/fiscal/profiles/:doctorId')
  @Roles('doctor', 'admin')
  profile(@Param('doctorId') doctorId: string, @CurrentUser() user: SessionUser): Promise<FiscalProfileView> {
    return this.fiscal.profile(user, doctorId);
  }

  @Put('api/fiscal/profiles/:doctorId')
  @Roles('doctor', 'admin')
  async setProfile(
    @Param('doctorId') doctorId: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
  ): Promise<FiscalProfileView> {
    return (await this.fiscal.setProfile(user, doctorId, body, metadataFor(req, user)))!;
  }

  /** the /fiscale table: receipts and credit notes of a year, with totals */
  @Get('api/fiscal/documents')
  @Roles('doctor', 'admin')
  documents(@Query() query: unknown, @CurrentUser() user: SessionUser): Promise<FiscalYearView> {
    const { year, doctor } = parseInput(StsExportQuery, query);
    return this.fiscal.yearView(user, doctor, year);
  }

  /** the year's file for the Sistema TS (730 precompilato), zipped as the channel takes it: prepared here, sent by the practitioner */
  @Get('api/fiscal/sts-export')
  @Roles('doctor', 'admin')
  async stsExport(@Query() query: unknown, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { year, doctor } = parseInput(StsExportQuery, query);
    const { zip, fileName, demo } = await this.fiscal.stsExport(user, doctor, year);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName.replace(/\.xml$/, '.zip')}"`);
    if (demo) res.setHeader('X-Sts-Demo-Key', 'true');
    res.status(200).send(zip);
  }

  /** the receipt (and its credit note) as a PDF: the patient who paid, the doctor, admin */
  @Get('api/orders/:id/receipt.pdf')
  @Roles('patient', 'doctor', 'admin')
  async receiptPdf(@Param('id') orderId: string, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const docs = await this.fiscal.documentsForOrder(user, orderId);
    const practice = await readPracticeIdentity({ readModels: this.readModels, config: this.kernel.config });
    const logo = await practiceLogo(this.readModels, this.kernel.config, this.settings.images);
    const pdf = await renderReceiptPdf(docs, this.kernel.config.practiceTimeZone, practice, logo);
    const label = documentNumber('receipt', docs.receipt.number, docs.receipt.year).replace('/', '-');
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="ricevuta-${label}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).send(pdf);
  }

  /**
   * The same receipt (and credit note) as the PDF, for the HTML view on /home: every word and figure from the one
   * function the PDF is laid out from (receiptDocument). Same readers as the PDF.
   */
  @Get('api/orders/:id/receipt')
  @Roles('patient', 'doctor', 'admin')
  async receipt(@Param('id') orderId: string, @CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<ReceiptDocument> {
    const docs = await this.fiscal.documentsForOrder(user, orderId);
    const practice = await readPracticeIdentity({ readModels: this.readModels, config: this.kernel.config });
    res.setHeader('Cache-Control', 'private, no-store');
    return receiptDocument(docs, this.kernel.config.practiceTimeZone, practice);
  }

  /** the receipt of a booking's payment, for the booking's page (a red slot of the agenda): its doctor, admin, its patient */
  @Get('api/fiscal/bookings/:bookingId/receipts')
  @Roles('patient', 'doctor', 'admin')
  async bookingReceipts(@Param('bookingId') bookingId: string, @CurrentUser() user: SessionUser): Promise<MyReceipt[]> {
    const docs = await fiscalOrdersReadModel.find(this.readModels, { booking_id: bookingId });
    const visible = docs.filter(
      ({ doc }) => user.role === 'admin' || (user.role === 'doctor' && doc.doctorId === user.id) || (user.role === 'patient' && doc.patientId === user.id),
    );
    return visible.filter(({ doc }) => doc.receipt).map(({ doc }) => this.receiptLink(doc));
  }

  private receiptLink(doc: FiscalOrderDoc): MyReceipt {
    return {
      orderId: doc.orderId,
      label: documentNumber('receipt', doc.receipt!.number, doc.receipt!.year),
      creditNote: doc.creditNote ? documentNumber('credit_note', doc.creditNote.number, doc.creditNote.year) : null,
    };
  }

  /** the logged-in patient's receipts, for the links on /home */
  @Get('api/me/receipts')
  @Roles('patient')
  async myReceipts(@CurrentUser() user: SessionUser): Promise<MyReceipt[]> {
    const docs = await fiscalOrdersReadModel.find(this.readModels, { patient_id: user.id });
    return docs.filter(({ doc }) => doc.receipt).map(({ doc }) => this.receiptLink(doc));
  }

  /** the patient's erasure screen: what stays (their fiscal documents, under a separate key, for 10 years) and why */
  @Get('api/me/erasure')
  @Roles('patient')
  erasure(@CurrentUser() user: SessionUser): Promise<ErasureInfoView> {
    return this.fiscal.erasureInfo(user);
  }

  /** the patient asks for the erasure of their data: 201 the first time, 200 after (nothing more recorded) */
  @Post('api/me/erasure-request')
  @Roles('patient')
  async requestErasure(@CurrentUser() user: SessionUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ErasureInfoView> {
    const { created, info } = await this.fiscal.requestErasure(user, metadataFor(req, user));
    res.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return info;
  }
}
