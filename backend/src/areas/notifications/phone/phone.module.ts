import { Module } from '@nestjs/common';
import { phoneCommandHandlers } from './phone.commands';
import { PhoneWebhooksController } from './phone-webhooks.controller';
import { UndeliveredController } from './undelivered.controller';
import { StatisticsController } from './statistics.controller';
import { PhoneWebhooksService } from './phone-webhooks.service';
import { TextRemindersService } from './text-reminders.service';
import { UsersModule } from '../../accounts/users';
import { SchedulingWorkflowsModule } from '../../scheduling/workflows';
import { MessagesModule } from '../messages';
import { TextRepliesService } from './text-replies.service';

/** text messages through Twilio and Meta's WhatsApp Cloud API: the providers' webhooks and their streams */
@Module({
  imports: [UsersModule, SchedulingWorkflowsModule, MessagesModule],
  controllers: [PhoneWebhooksController, UndeliveredController, StatisticsController],
  providers: [PhoneWebhooksService, TextRemindersService, TextRepliesService, ...phoneCommandHandlers],
  exports: [PhoneWebhooksService, TextRemindersService],
})
export class PhoneModule {}
