import { Module } from '@nestjs/common';
import { pushCommandHandlers } from './push.commands';
import { PushController } from './push.controller';
import { PushService } from './push.service';

/** Web Push as a Nest module; its channel for the outbox (WebPushChannel) is bound in the composition root */
@Module({
  controllers: [PushController],
  providers: [PushService, ...pushCommandHandlers],
  exports: [PushService],
})
export class PushModule {}
