import { Controller, Get } from '@nestjs/common';
import type { UndeliveredText } from '@studio/contracts';
import { Roles } from '../../../platform/auth/guards';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { textMessagesReadModel } from './read-models';

/** the segreteria's list of texts that reached no phone on any channel tried, for visits still ahead: to phone them */
@Controller('api/reminders')
export class UndeliveredController {
  constructor(private readonly kernel: KernelPorts) {}

  @Get('undelivered')
  @Roles('admin')
  async undelivered(): Promise<UndeliveredText[]> {
    const today = this.kernel.clock.now().toISOString().slice(0, 10);
    const failed = await textMessagesReadModel.find(this.kernel.readModels, { failed: 'yes', start: { gte: `${today}T00:00:00Z` } }, { limit: 500 });
    return failed
      .map((f) => f.doc)
      .filter((d) => (d.decided.fallback ?? []).length === 0 && d.bookingId)
      .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? ''))
      .map((d) => ({
        notificationId: d.id,
        bookingId: d.bookingId!,
        patientId: d.patientId,
        doctorId: d.doctorId,
        start: d.start!,
        channel: d.channel,
        errorCode: d.errorCode,
        at: d.at,
      }));
  }
}
