import { Controller, Get, Query, Res } from '@nestjs/common';
import { type SessionUser, type TakingsView, TakingsQuery } from '@studio/contracts';
import type { Response } from 'express';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { parseInput } from '../../../platform/http/parse';
import { DeskPaymentsService } from './desk-payments.service';
import { takingsCsv, takingsPdf } from './takings-report';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

@Controller()
export class DeskPaymentsController {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly desk: DeskPaymentsService,
  ) {}

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
      res.status(200).send(await takingsPdf(view, this.kernel.config.practice.name));
    } else res.status(200).json(view);
  }
}
