import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AgendaModule } from './agenda';
import { AuditModule } from './audit';
import { AuthModule } from './auth';
import { LoginModule } from './login';
import { CsrfGuard, RolesGuard } from './auth/guards';
import { AvailabilityModule } from './availability';
import { BookingModule } from './booking';
import { CalendarFeedModule } from './calendar-feed';
import { CatalogModule } from './catalog';
import { type Clock, systemClock } from './common/clock';
import { PracticeController } from './config/practice.controller';
import { DeskPaymentsModule } from './desk-payments';
import { DietModule } from './diet';
import { ClinicalRecordModule } from './clinical-record';
import { FiscalModule } from './fiscal';
import { ErrorFilter } from './http/error.filter';
import { HealthController } from './http/health.controller';
import { type Core } from './infrastructure/core';
import { KernelModule } from './infrastructure/kernel.module';
import { NotificationsModule } from './notifications';
import { OrdersModule } from './orders';
import { QuestionnairesModule } from './questionnaires';
import { RegistrationModule } from './registration';
import { SettingsModule } from './settings';
import { UsersModule } from './users';
import { VisitTypesModule } from './visit-types';
import { WaitingListModule } from './waiting-list';
import { WorkflowsModule } from './workflows';

/** the app: the kernel, one module per feature (each with its own controllers and providers), guards and filter */
@Module({})
export class AppModule {
  static forRoot(core: Core, clock: Clock = systemClock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        KernelModule.forRoot(core, clock),
        UsersModule,
        AuthModule,
        LoginModule,
        AvailabilityModule,
        BookingModule,
        RegistrationModule,
        QuestionnairesModule,
        CatalogModule,
        OrdersModule,
        AuditModule,
        DietModule,
        NotificationsModule,
        CalendarFeedModule,
        WaitingListModule,
        FiscalModule,
        ClinicalRecordModule,
        AgendaModule,
        SettingsModule,
        VisitTypesModule,
        WorkflowsModule,
        DeskPaymentsModule,
      ],
      controllers: [PracticeController, HealthController],
      providers: [
        // order matters: a write without a valid token is refused before anything else is looked at
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
    };
  }
}
