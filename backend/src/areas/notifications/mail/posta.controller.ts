import { Controller, Get } from '@nestjs/common';
import type { LocalMailView } from '@studio/contracts';
import { Roles } from '../../../platform/auth/guards';
import { NotificationsService } from './notifications.service';

/** the local outbox, admin only (what would have been sent without SMTP_URL) */
@Controller('api/posta')
export class PostaController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Roles('admin')
  list(): Promise<LocalMailView[]> {
    return this.notifications.localMail();
  }
}
