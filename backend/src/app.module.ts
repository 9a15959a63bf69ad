import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { DecideHandler } from './event-store/decide.command';
import { AuthController } from './auth/auth.controller';
import { SessionSocketsGateway } from './auth/session-sockets.gateway';
import { PracticeController } from './config/practice.controller';
import { CsrfGuard, RolesGuard } from './auth/guards';
import { AvailabilityController } from './availability/availability.controller';
import { AvailabilityGateway } from './availability/availability.gateway';
import { AvailabilityService } from './availability/availability.service';
import { ToggleSlotHandler } from './availability/toggle-slot.command';
import { BookingController, MyBookingsController } from './booking/booking.controller';
import { BookingService } from './booking/booking.service';
import { FreeDaysController, FreeSlotsController } from './booking/free-slots.controller';
import { HoldExpiryService } from './booking/hold-expiry.service';
import { MyBookingsGateway } from './booking/my-bookings.gateway';
import { AdminCatalogController, CouponCheckController, ProductsController } from './catalog/catalog.controller';
import { CouponCatalogHandler, ProductCatalogHandler } from './catalog/catalog.commands';
import { CatalogService } from './catalog/catalog.service';
import { CLOCK, type Clock, systemClock } from './common/clock';
import { ErrorFilter } from './http/error.filter';
import { OrdersController } from './orders/orders.controller';
import { OrdersService } from './orders/orders.service';
import { paypalProvider } from './orders/paypal.provider';
import { DefineQuestionnaireHandler } from './questionnaires/define-questionnaire.command';
import { QuestionnairesController } from './questionnaires/questionnaires.controller';
import { QuestionnairesService } from './questionnaires/questionnaires.service';
import { RegistrationController } from './registration/registration.controller';
import { RegistrationService } from './registration/registration.service';
import { CORE, type Core } from './infrastructure/core';
import { DoctorsController } from './users/doctors.controller';
import { AccessLogService } from './personal-data/access-log.service';
import { AccessLogEntriesService } from './audit/access-log-entries.service';
import { AuditController, MyAccessLogController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { RebuildGateway, RebuildService } from './audit/rebuild.gateway';
import { UsersService } from './users/users.service';
import { DietController, FoodsController } from './diet/diet.controller';
import { DietService } from './diet/diet.service';
import { FoodCatalogHandler } from './diet/food-catalog.command';
import { FoodsService } from './diet/foods.service';
import { NotificationsService } from './notifications/notifications.service';
import { PostaController } from './notifications/posta.controller';
import { CalendarFeedController } from './calendar-feed/calendar-feed.controller';
import { CalendarFeedService } from './calendar-feed/calendar-feed.service';
import { WaitingListController } from './waiting-list/waiting-list.controller';
import { WaitingListService } from './waiting-list/waiting-list.service';
import { WaitingListOffersService } from './workflows/waiting-list-offers.service';
import { FiscalController, FiscalService } from './fiscal';
import { ReceiptsFlowService } from './workflows/receipts-flow.service';
import { AgendaController } from './agenda/agenda.controller';
import { AgendaGateway } from './agenda/agenda.gateway';
import { AgendaService } from './agenda/agenda.service';
import { BookingLifecycleController } from './workflows/booking-lifecycle.controller';
import { BookingLifecycleService } from './workflows/booking-lifecycle.service';

@Module({})
export class AppModule {
  static forRoot(core: Core, clock: Clock = systemClock): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        AuthController,
        PracticeController,
        DoctorsController,
        AvailabilityController,
        FreeSlotsController,
        FreeDaysController,
        BookingController,
        MyBookingsController,
        RegistrationController,
        QuestionnairesController,
        AdminCatalogController,
        ProductsController,
        CouponCheckController,
        OrdersController,
        AuditController,
        MyAccessLogController,
        FoodsController,
        DietController,
        FiscalController,
        AgendaController,
        BookingLifecycleController,
        PostaController,
        WaitingListController,
        CalendarFeedController,
      ],
      providers: [
        { provide: CORE, useValue: core },
        { provide: CLOCK, useValue: clock },
        // order matters: a write without a valid token is refused before anything else is looked at
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
        UsersService,
        SessionSocketsGateway,
        AvailabilityService,
        AvailabilityGateway,
        DecideHandler,
        ToggleSlotHandler,
        BookingService,
        HoldExpiryService,
        MyBookingsGateway,
        RegistrationService,
        QuestionnairesService,
        DefineQuestionnaireHandler,
        CatalogService,
        ProductCatalogHandler,
        CouponCatalogHandler,
        paypalProvider,
        OrdersService,
        AccessLogService,
        AccessLogEntriesService,
        AuditService,
        RebuildGateway,
        RebuildService,
        FoodsService,
        FoodCatalogHandler,
        DietService,
        NotificationsService,
        WaitingListService,
        WaitingListOffersService,
        CalendarFeedService,
        FiscalService,
        ReceiptsFlowService,
        AgendaService,
        AgendaGateway,
        BookingLifecycleService,
      ],
    };
  }
}
