import { Module } from '@nestjs/common';
import { deskPaymentsCommandHandlers } from './desk-payments.commands';
import { UsersModule } from '../../accounts/users';
import { DeskPaymentsController } from './desk-payments.controller';
import { DeskPaymentsService } from './desk-payments.service';

/** payments taken at the practice's desk: recorded, the booking confirmed, takings reported */
@Module({
  imports: [UsersModule],
  controllers: [DeskPaymentsController],
  providers: [DeskPaymentsService, ...deskPaymentsCommandHandlers],
  exports: [DeskPaymentsService],
})
export class DeskPaymentsModule {}
