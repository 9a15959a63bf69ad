import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users';
import { ClinicalRecordModule } from '../../clinical/clinical-record';
import { MessagesController } from './messages.controller';
import { messagesCommandHandlers } from './messages.commands';
import { MessagesGateway } from './messages.gateway';
import { MessagesService } from './messages.service';

/** messages between patients and the practice, as a Nest module */
@Module({
  imports: [UsersModule, ClinicalRecordModule],
  controllers: [MessagesController],
  providers: [MessagesService, MessagesGateway, ...messagesCommandHandlers],
  exports: [MessagesService],
})
export class MessagesModule {}
