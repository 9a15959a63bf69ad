import { availabilitySlotsProjection } from './availability-slots.projection';
import { bookingsProjection } from './bookings.projection';
import { usersProjection } from './users.projection';
import { ordersProjection } from './orders.projection';
import { couponsProjection, productsProjection } from './catalog.projection';
import { questionnaireAnswersProjection, questionnairesProjection } from './questionnaires.projection';
import { notificationsProjection } from './notifications.projection';
import { fiscalOrdersProjection } from './fiscal.projection';
import { unsettledPaymentsProjection } from './unsettled-payments.projection';
import { unfinishedSeriesProjection } from './follow-up-series.projection';
import { dietsProjection, foodCategoriesProjection, foodsProjection } from './diet.projection';
import { clinicalRecordsProjection } from './clinical-record.projection';

export * from './availability-slots.projection';
export * from './availability-slots.queries';
export * from './bookings.projection';
export * from './users.projection';
export * from './questionnaires.projection';
export * from './catalog.projection';
export * from './orders.projection';
export * from './audit-events.projection';
export * from './diet.projection';
export * from './notifications.projection';
export * from './unsettled-payments.projection';
export * from './follow-up-series.projection';

/** every live projection, in the order the runner applies them */
export * from './fiscal.projection';
export * from './clinical-record.projection';

/**
 * every read model, in the order the runner applies them. The auditor's index (auditEventsProjection) is not among
 * them: on SQLite the log serves it itself; the backend adds it where the log cannot (read models in PostgreSQL,
 * EventStoreDB), see backend/src/event-store/live-projections.ts
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
  unsettledPaymentsProjection,
  unfinishedSeriesProjection,
  clinicalRecordsProjection,
  notificationsProjection,
];
