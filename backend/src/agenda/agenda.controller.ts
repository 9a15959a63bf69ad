import { Controller, Get, Param, Query } from '@nestjs/common';
import { AgendaQuery, type AgendaItem, type SessionUser } from '@studio/contracts';
import { CurrentUser, Roles } from '../auth/guards';
import { parseInput } from '../http/parse';
import { AgendaService } from './agenda.service';

@Controller('api/doctors')
export class AgendaController {
  constructor(private readonly agendas: AgendaService) {}

  /** staff only; a doctor only their own */
  @Get(':id/agenda')
  @Roles('doctor', 'admin')
  agenda(@Param('id') id: string, @Query() query: unknown, @CurrentUser() user: SessionUser): Promise<AgendaItem[]> {
    const { from, to } = parseInput(AgendaQuery, query);
    return this.agendas.agenda(user, id, from, to);
  }
}
