import { Controller, Get, Query } from '@nestjs/common';
import { StatisticsQuery, type SessionUser, type VisitStatistics } from '@studio/contracts';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { ForbiddenError } from '../../../platform/common/errors';
import { parseInput } from '../../../platform/http/parse';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { visitStatistics } from './visit-statistics';
import { visitFiguresReadModel } from './read-models';

/** /statistiche: the practice's visits, answers and no-shows by month and reminder channel; a doctor sees their own */
@Controller('api/statistics')
export class StatisticsController {
  constructor(private readonly kernel: KernelPorts) {}

  @Get()
  @Roles('admin', 'doctor')
  async statistics(@Query() query: unknown, @CurrentUser() user: SessionUser): Promise<VisitStatistics> {
    const q = parseInput(StatisticsQuery, query);
    if (user.role === 'doctor' && q.doctorId && q.doctorId !== user.id) throw new ForbiddenError('Puoi vedere solo le tue statistiche.');
    const doctorId = user.role === 'doctor' ? user.id : q.doctorId;
    const [y, m] = q.to.split('-').map(Number);
    const after = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
    const figures = await visitFiguresReadModel.find(this.kernel.readModels, {
      confirmed: 'yes',
      start: { gte: `${q.from}-01`, lt: `${after}-01` },
      ...(doctorId ? { doctor_id: doctorId } : {}),
    });
    return visitStatistics(
      figures.map((f) => f.doc),
      q.compareAt ?? null,
    );
  }
}
