import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthController } from './auth/auth.controller';
import { CsrfGuard, RolesGuard } from './auth/guards';
import { AvailabilityController } from './availability/availability.controller';
import { AvailabilityGateway } from './availability/availability.gateway';
import { AvailabilityService } from './availability/availability.service';
import { ToggleSlotHandler } from './availability/toggle-slot.command';
import { ErrorFilter } from './http/error.filter';
import { CORE, type Core } from './infrastructure/core';
import { DoctorsController } from './users/doctors.controller';
import { UsersService } from './users/users.service';

@Module({})
export class AppModule {
  static forRoot(core: Core): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [AuthController, DoctorsController, AvailabilityController],
      providers: [
        { provide: CORE, useValue: core },
        // order matters: a write without a valid token is refused before anything else is looked at
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
        UsersService,
        AvailabilityService,
        AvailabilityGateway,
        ToggleSlotHandler,
      ],
    };
  }
}
