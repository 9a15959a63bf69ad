import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { MAX_IMAGE_BYTES } from '@studio/contracts';
import express from 'express';
import { UsersModule } from '../accounts/users';
import { settingsCommandHandlers } from './settings.commands';
import { SettingsController } from './settings.controller';
import { LocationsController } from './locations.controller';
import { locationCommandHandlers } from './locations.commands';
import { LocationsService } from './locations.service';
import { DoctorAddressesFromSettings, SettingsService } from './settings.service';

/**
 * The settings feature. Uploads arrive as raw bytes; the parser takes up to twice the largest image so that the
 * decider, not the parser, refuses a large one with its own message (beyond that, the generic 413).
 */
@Module({
  imports: [UsersModule],
  controllers: [SettingsController, LocationsController],
  providers: [SettingsService, DoctorAddressesFromSettings, LocationsService, ...settingsCommandHandlers, ...locationCommandHandlers],
  exports: [SettingsService, DoctorAddressesFromSettings],
})
export class SettingsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(express.raw({ type: () => true, limit: MAX_IMAGE_BYTES * 2 }))
      .forRoutes(
        { path: 'api/settings/practice/logo', method: RequestMethod.PUT },
        { path: 'api/settings/doctors/:doctorId/photo', method: RequestMethod.PUT },
      );
  }
}
