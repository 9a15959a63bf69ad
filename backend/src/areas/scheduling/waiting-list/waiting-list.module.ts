import { Module } from '@nestjs/common';
import { waitingListCommandHandlers } from './waiting-list.commands';
import { UsersModule } from '../../accounts/users';
import { WaitingListController } from './waiting-list.controller';
import { WaitingListService } from './waiting-list.service';

/** the waiting-list feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule],
  controllers: [WaitingListController],
  providers: [WaitingListService, ...waitingListCommandHandlers],
  exports: [WaitingListService],
})
export class WaitingListModule {}
