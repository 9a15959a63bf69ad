import type { EventStore, ProjectionDefinition } from '@studio/contracts';
import { auditIndexInLog, logHeadProjection, rebuildable } from '../event-store/live-projections';
import { auditEventsProjection } from '../audit/audit-events.projection';
import { availabilitySlotsProjection } from '../availability/availability-slots.projection';
import { weeklySchedulesProjection } from '../availability/weekly-schedules.projection';
import { bookingsProjection } from '../booking/bookings.projection';
import { doctorProfilesProjection, practiceSettingsProjection } from '../config/practice-settings.projection';
import { calendarFeedsProjection } from '../calendar-feed/calendar-feeds.projection';
import { couponsProjection, productsProjection } from '../catalog/catalog.projection';
import { clinicalRecordsProjection } from '../clinical-record/clinical-record.projection';
import { dietsProjection, foodCategoriesProjection, foodsProjection } from '../diet/diet.projection';
import { erasureRequestsProjection, fiscalDocumentsProjection, fiscalOrdersProjection, fiscalProfilesProjection } from '../fiscal/fiscal.projection';
import { notificationsProjection } from '../notifications/notifications.projection';
import { ordersProjection } from '../orders/orders.projection';
import { questionnaireAnswersProjection, questionnairesProjection } from '../questionnaires/questionnaires.projection';
import { visitTypesProjection } from '../visit-types/visit-types.projection';
import { waitingListEntriesProjection } from '../waiting-list/waiting-list.projection';
import { usersProjection } from '../users/users.projection';
import { unsettledPaymentsProjection } from '../workflows/confirm-payment/unsettled-payments.projection';
import { unfinishedSeriesProjection } from '../workflows/follow-up-series/follow-up-series.projection';

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
  questionnairesProjection,
  questionnaireAnswersProjection,
  productsProjection,
  couponsProjection,
  ordersProjection,
  foodCategoriesProjection,
  foodsProjection,
  dietsProjection,
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
  practiceSettingsProjection,
  doctorProfilesProjection,
];

/** the projections the runner keeps: every read model, and the auditor's index when the log cannot serve it */
export function liveProjections(store: EventStore, readModels: 'sqlite' | 'postgres'): ProjectionDefinition[] {
  return auditIndexInLog(store, readModels) ? [...allProjections, logHeadProjection] : [...allProjections, auditEventsProjection];
}

/** what an admin may rebuild: the runner's read models */
export const rebuildableProjections = (store: EventStore, readModels: 'sqlite' | 'postgres'): ProjectionDefinition[] =>
  rebuildable(liveProjections(store, readModels));
