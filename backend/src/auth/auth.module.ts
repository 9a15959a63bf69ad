import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { SessionSocketsGateway } from './session-sockets.gateway';
import { AccountSessions } from './account-sessions';
import { AccountsService } from './accounts.service';
import { AccountAuthController, ProfileController } from './account.controller';
import { StaffController } from './staff.controller';

/** the auth feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule],
  controllers: [AuthController, AccountAuthController, ProfileController, StaffController],
  providers: [SessionSocketsGateway, AccountSessions, AccountsService],
  exports: [SessionSocketsGateway],
})
export class AuthModule {}
