import type { EventStore, ProjectionDefinition } from '@studio/contracts';
import { auditIndexInLog, logHeadProjection, rebuildable } from '../../platform/event-store/live-projections';
import { auditEventsProjection } from '../../areas/audit/audit-events.projection';
import { availabilitySlotsProjection } from '../../areas/scheduling/availability/availability-slots.projection';
import { weeklySchedulesProjection } from '../../areas/scheduling/availability/weekly-schedules.projection';
import { externalCalendarsProjection } from '../../areas/scheduling/external-calendar/external-calendars.projection';
import { bookingsProjection } from '../../areas/scheduling/booking/bookings.projection';
import { roomsTakenProjection } from '../../areas/scheduling/booking/rooms-taken.projection';
import { locationsProjection } from '../../platform/config/locations.projection';
import {
  doctorProfilesProjection,
  doctorSlugsProjection,
  practiceSettingsProjection,
  widgetSettingsProjection,
} from '../../platform/config/practice-settings.projection';
import { reminderSettingsProjection } from '../../areas/practice/reminder-settings.projection';
import { contactPreferencesProjection } from '../../areas/accounts/users/contact-preferences.projection';
import { textMessagesProjection } from '../../areas/notifications/phone/text-messages.projection';
import { visitRepliesProjection } from '../../areas/notifications/phone/visit-replies.projection';
import { visitFiguresProjection } from '../../areas/notifications/phone/visit-figures.projection';
import { calendarFeedsProjection } from '../../areas/notifications/calendar-feed/calendar-feeds.projection';
import { couponsProjection, productsProjection } from '../../areas/payments/catalog/catalog.projection';
import { clinicalRecordsProjection } from '../../areas/clinical/clinical-record/clinical-record.projection';
import { dietsProjection } from '../../areas/nutrition/diet/diet.projection';
import { diaryProjection } from '../../areas/nutrition/diary/diary.projection';
import { dietRevisionsProjection } from '../../areas/nutrition/diet/diet-revisions.projection';
import { dietTemplatesProjection, equivalenceListsProjection } from '../../areas/nutrition/diet/diet-library.projection';
import { recipesProjection } from '../../areas/nutrition/recipes/recipes.projection';
import { foodCategoriesProjection, foodsProjection } from '../../areas/nutrition/catalogue/foods.projection';
import { catalogueFoodsProjection, foodSourcePreferenceProjection, foodTableImportsProjection } from '../../areas/nutrition/catalogue/food-tables.projection';
import { erasureRequestsProjection, fiscalDocumentsProjection, fiscalOrdersProjection, fiscalProfilesProjection } from '../../areas/fiscal/fiscal.projection';
import { notificationsProjection } from '../../areas/notifications/mail/notifications.projection';
import { ordersProjection } from '../../areas/payments/orders/orders.projection';
import { questionnaireAnswersProjection, questionnairesProjection } from '../../areas/clinical/questionnaires/questionnaires.projection';
import { visitTypesProjection } from '../../areas/scheduling/visit-types/visit-types.projection';
import { waitingListEntriesProjection } from '../../areas/scheduling/waiting-list/waiting-list.projection';
import { usersProjection } from '../../areas/accounts/users/users.projection';
import { unsettledPaymentsProjection } from '../../areas/payments/confirm-payment/unsettled-payments.projection';
import { unfinishedSeriesProjection } from '../../areas/payments/follow-up-series/follow-up-series.projection';
import { conversationsProjection, replyHoursProjection } from '../../areas/notifications/messages/conversations.projection';
import { pushSubscriptionsProjection } from '../../areas/notifications/push/push-subscriptions.projection';

/**
 * Every read model, in the order the runner applies them: each projection lives beside its feature
 * (`<feature>/*.projection.ts`), and this list is the one place that knows them all; projections/ (runner, store,
 * rebuild) is given it. The auditor's index (auditEventsProjection) is not among them: on SQLite the log serves it
 * itself; liveProjections adds it where the log cannot (read models in PostgreSQL, EventStoreDB).
 */
export const allProjections = [
  usersProjection,
  availabilitySlotsProjection,
  bookingsProjection,
  roomsTakenProjection,
  questionnairesProjection,
  questionnaireAnswersProjection,
  productsProjection,
  couponsProjection,
  ordersProjection,
  foodCategoriesProjection,
  foodsProjection,
  catalogueFoodsProjection,
  foodTableImportsProjection,
  foodSourcePreferenceProjection,
  dietsProjection,
  diaryProjection,
  dietRevisionsProjection,
  dietTemplatesProjection,
  equivalenceListsProjection,
  recipesProjection,
  fiscalOrdersProjection,
  fiscalDocumentsProjection,
  fiscalProfilesProjection,
  erasureRequestsProjection,
  unsettledPaymentsProjection,
  unfinishedSeriesProjection,
  clinicalRecordsProjection,
  notificationsProjection,
  calendarFeedsProjection,
  visitTypesProjection,
  waitingListEntriesProjection,
  weeklySchedulesProjection,
  externalCalendarsProjection,
  practiceSettingsProjection,
  doctorProfilesProjection,
  doctorSlugsProjection,
  locationsProjection,
  widgetSettingsProjection,
  reminderSettingsProjection,
  contactPreferencesProjection,
  textMessagesProjection,
  visitRepliesProjection,
  visitFiguresProjection,
  conversationsProjection,
  replyHoursProjection,
  pushSubscriptionsProjection,
];

/** the projections the runner keeps: every read model, and the auditor's index when the log cannot serve it */
export function liveProjections(store: EventStore, readModels: 'sqlite' | 'postgres'): ProjectionDefinition[] {
  return auditIndexInLog(store, readModels) ? [...allProjections, logHeadProjection] : [...allProjections, auditEventsProjection];
}

/** what an admin may rebuild: the runner's read models */
export const rebuildableProjections = (store: EventStore, readModels: 'sqlite' | 'postgres'): ProjectionDefinition[] =>
  rebuildable(liveProjections(store, readModels));
