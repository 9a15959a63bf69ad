import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AgendaModule } from '../areas/scheduling/agenda';
import { AuditModule } from '../areas/audit';
import { AuthModule } from '../platform/auth';
import { LoginModule } from '../areas/accounts/login';
import { CsrfGuard, RolesGuard } from '../platform/auth/guards';
import { AvailabilityModule } from '../areas/scheduling/availability';
import { ExternalCalendarModule } from '../areas/scheduling/external-calendar';
import { BookingModule } from '../areas/scheduling/booking';
import { PublicPagesModule } from '../areas/scheduling/public-pages';
import { CalendarFeedModule } from '../areas/notifications/calendar-feed';
import { CatalogModule } from '../areas/payments/catalog';
import { type Clock, systemClock } from '../platform/common/clock';
import { PracticeController } from '../platform/config/practice.controller';
import { DeskPaymentsModule } from '../areas/payments/desk-payments';
import { DietModule } from '../areas/nutrition/diet';
import { DiaryModule } from '../areas/nutrition/diary';
import { RecipesModule } from '../areas/nutrition/recipes';
import { ClinicalRecordModule } from '../areas/clinical/clinical-record';
import { PatientsModule } from '../areas/clinical/patients';
import { FiscalModule } from '../areas/fiscal';
import { ErrorFilter } from '../platform/http/error.filter';
import { HealthController } from '../platform/http/health.controller';
import { type Core } from './infrastructure/core';
import { FeaturePortsModule } from './infrastructure/feature-ports.module';
import { KernelModule } from './infrastructure/kernel.module';
import { WorkflowSweepModule } from '../platform/event-store/workflow-sweep.module';
import { NotificationsModule } from '../areas/notifications/mail';
import { MessagesModule } from '../areas/notifications/messages';
import { PushModule } from '../areas/notifications/push';
import { PhoneModule } from '../areas/notifications/phone';
import { OrdersModule } from '../areas/payments/orders';
import { QuestionnairesModule } from '../areas/clinical/questionnaires';
import { RegistrationModule } from '../areas/accounts/registration';
import { SettingsModule } from '../areas/practice';
import { UsersModule } from '../areas/accounts/users';
import { VisitTypesModule } from '../areas/scheduling/visit-types';
import { WaitingListModule } from '../areas/scheduling/waiting-list';
import { SchedulingWorkflowsModule } from '../areas/scheduling/workflows';
import { PaymentWorkflowsModule } from '../areas/payments/workflows';

/** the app: the kernel, one module per feature (each with its own controllers and providers), guards and filter */
@Module({})
export class AppModule {
  static forRoot(core: Core, clock: Clock = systemClock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        KernelModule.forRoot(core, clock),
        WorkflowSweepModule,
        FeaturePortsModule,
        UsersModule,
        AuthModule,
        LoginModule,
        AvailabilityModule,
        ExternalCalendarModule,
        BookingModule,
        RegistrationModule,
        QuestionnairesModule,
        CatalogModule,
        OrdersModule,
        AuditModule,
        DietModule,
        DiaryModule,
        RecipesModule,
        NotificationsModule,
        CalendarFeedModule,
        WaitingListModule,
        FiscalModule,
        ClinicalRecordModule,
        PatientsModule,
        AgendaModule,
        SettingsModule,
        VisitTypesModule,
        SchedulingWorkflowsModule,
        PaymentWorkflowsModule,
        DeskPaymentsModule,
        MessagesModule,
        PushModule,
        PublicPagesModule,
        PhoneModule,
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
