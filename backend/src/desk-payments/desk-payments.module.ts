import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { DeskPaymentsController } from './desk-payments.controller';
import { DeskPaymentsService } from './desk-payments.service';

/** payments taken at the practice's desk (issue 23): recorded, the booking confirmed, takings reported */
@Module({
  imports: [UsersModule],
  controllers: [DeskPaymentsController],
  providers: [DeskPaymentsService],
  exports: [DeskPaymentsService],
})
export class DeskPaymentsModule {}
