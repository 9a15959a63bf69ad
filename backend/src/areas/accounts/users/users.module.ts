import { Module } from '@nestjs/common';
import { usersCommandHandlers } from './users.commands';
import { DoctorsController } from './doctors.controller';
import { contactPreferencesCommandHandlers } from './contact-preferences.commands';
import { ContactPreferencesController } from './contact-preferences.controller';
import { ContactPreferencesService } from './contact-preferences.service';
import { UsersService } from './users.service';

/** the users feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  controllers: [DoctorsController, ContactPreferencesController],
  providers: [UsersService, ContactPreferencesService, ...usersCommandHandlers, ...contactPreferencesCommandHandlers],
  exports: [UsersService, ContactPreferencesService],
})
export class UsersModule {}
