import { Module } from '@nestjs/common';
import { DoctorsController } from './doctors.controller';
import { UsersService } from './users.service';

/** the users feature as a Nest module: other features use only what it exports (its public entry, index.ts) */
@Module({
  controllers: [DoctorsController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
