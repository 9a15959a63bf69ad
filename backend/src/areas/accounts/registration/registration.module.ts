import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';

/** the registration feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  imports: [UsersModule],
  controllers: [RegistrationController],
  providers: [RegistrationService],
  exports: [RegistrationService],
})
export class RegistrationModule {}
