import { Body, Controller, Get, Param, Put, Req } from '@nestjs/common';
import { type DoctorSummary, type SessionUser, WorkingHours } from '@studio/contracts';
import type { Request } from 'express';
import { ForbiddenError } from '../../../platform/common/errors';
import { CurrentUser, Roles } from '../../../platform/auth/guards';
import { metadataFor } from '../../../platform/http/request-context';
import { parseInput } from '../../../platform/http/parse';
import { UsersService } from './users.service';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';

@Controller('api/doctors')
export class DoctorsController {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {}

  /** public, like the doctor's profile below: a visitor chooses a doctor before registering */
  @Get()
  list(): Promise<DoctorSummary[]> {
    return this.users.listDoctors();
  }

  /** a deactivated doctor is no longer shown to visitors */
  @Get(':id')
  async get(@Param('id') id: string): Promise<DoctorSummary> {
    return this.users.doctorSummary(await this.users.getBookableDoctor(id));
  }

  /** a doctor sets their own hours; the secretary (admin) anyone's */
  @Put(':id/working-hours')
  @Roles('doctor', 'admin')
  async setWorkingHours(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user: SessionUser, @Req() req: Request): Promise<DoctorSummary> {
    if (user.role === 'doctor' && user.id !== id) throw new ForbiddenError('Puoi modificare solo il tuo orario di lavoro.');
    const hours = parseInput(WorkingHours, body);
    await this.users.getDoctor(id);
    const position = await this.users.setWorkingHours(id, hours, metadataFor(req, user));
    // answer from the read model once it holds the change: the client sees what everyone will see
    if (position) await this.kernel.changes.waitFor(position);
    return this.users.doctorSummary(await this.users.getDoctor(id));
  }
}
