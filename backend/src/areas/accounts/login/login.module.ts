import { Module } from '@nestjs/common';
import { AuthModule } from '../../../platform/auth';
import { UsersModule } from '../users';
import { AccountAuthController, ProfileController } from './account.controller';
import { AccountsService } from './accounts.service';
import { AuthController } from './auth.controller';
import { StaffController } from './staff.controller';

/** login, accounts and staff: above users, whose records they read (the kernel's auth holds only guards and sessions) */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [AuthController, AccountAuthController, ProfileController, StaffController],
  providers: [AccountsService],
})
export class LoginModule {}
