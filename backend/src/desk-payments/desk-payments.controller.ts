import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { type SessionUser, type TakingsView, TakingsQuery } from '@studio/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Roles } from '../auth/guards';
import { parseInput } from '../http/parse';
import { metadataFor } from '../http/request-context';
import { CONFIG } from '../kernel/tokens';
import { type Ports } from '../kernel/ports';
import { DeskPaymentsService } from './desk-payments.service';
import { takingsCsv, takingsPdf } from './takings-report';

@Controller()
export class DeskPaymentsController {
  constructor(
    private readonly desk: DeskPaymentsService,
    @Inject(CONFIG) private readonly config: Ports['config'],
  ) {}

  /** the desk gave the money back: recorded as for PayPal refunds, a credit note follows */
  @Post('api/desk-payments/:orderId/refund')
  @HttpCode(201)
  @Roles('doctor', 'admin')
  refund(@Param('orderId') orderId: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<{ refundId: string }> {
    return this.desk.refund(user, orderId, body, metadataFor(req, user));
  }

  /** the day's takings per doctor and method: JSON for /fiscale, CSV and PDF for the practice's books */
  @Get('api/fiscal/takings')
  @Roles('doctor', 'admin')
  async takings(@Query() query: unknown, @CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { day, doctor, format } = parseInput(TakingsQuery, query);
    const view: TakingsView = await this.desk.takings(user, day, doctor);
    res.setHeader('Cache-Control', 'private, no-store');
    if (format === 'csv') {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="incassi-${day}.csv"`);
      res.status(200).send(takingsCsv(view));
    } else if (format === 'pdf') {
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `inline; filename="incassi-${day}.pdf"`);
      res.status(200).send(await takingsPdf(view, this.config.practice.name));
    } else res.status(200).json(view);
  }
}
