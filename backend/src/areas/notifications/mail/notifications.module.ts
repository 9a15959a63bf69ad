import { Module } from '@nestjs/common';
import { outboxCommandHandlers } from './outbox.commands';
import { NotificationsService } from './notifications.service';
import { PostaController } from './posta.controller';

/** the notifications feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  controllers: [PostaController],
  providers: [NotificationsService, ...outboxCommandHandlers],
  exports: [NotificationsService],
})
export class NotificationsModule {}
