import type { z } from './platform/zod-it';
import type { RecordedEvent } from './platform/event-store';
import { CouponCreated, CouponRedeemed, CouponUpdated, ProductCreated, ProductUpdated } from './payments/events/catalog';
import { QuestionnaireActiveSet, QuestionnaireDeleted, QuestionnaireRevised } from './clinical/events/questionnaire';
import { BookingOutcomeUndone } from './scheduling/events/outcome';
import { FollowUpSeriesStarted, FollowUpSeriesVisitBooked, FollowUpSeriesVisitSkipped } from './scheduling/events/series';
import { PersonalDataAccessed, PersonalDataErased } from './audit/events/access-log';
import { FoodCategoryCreated, FoodCategoryUpdated, FoodCreated, FoodUpdated } from './nutrition/events/foods';
import { NotificationEventSchemas } from './notifications/events/notifications';
import { MessageEventSchemas } from './notifications/events/messages';
import { PhoneEventSchemas } from './notifications/events/phone';
import { SettingsEventSchemas } from './practice/events/settings';
import { LocationEventSchemas } from './practice/events/locations';
import { ClinicalEventSchemas } from './clinical/events/clinical-record';
import { VisitTypeArchived, VisitTypeCreated, VisitTypeUpdated } from './scheduling/events/visit-types';
import { AvailabilityClosureAdded, WeeklyScheduleSet } from './scheduling/events/schedule';
import { AvailabilityEventSchemas } from './scheduling/events/availability';
import { ExternalCalendarEventSchemas } from './scheduling/events/external-calendar';
import { UserEventSchemas } from './accounts/events/user';
import { ContactPreferencesEventSchemas } from './accounts/events/contact-preferences';
import { EmailClaimEventSchemas } from './accounts/events/email-claim';
import { FirstAdministratorEventSchemas } from './accounts/events/first-administrator';
import { QuestionnaireDefinitionEventSchemas } from './clinical/events/questionnaire';
import { PatientEventSchemas } from './clinical/events/patient';
import { BookingEventSchemas } from './scheduling/events/booking';
import { PatientHoldEventSchemas } from './scheduling/events/patient-hold';
import { RoomEventSchemas } from './scheduling/events/rooms';
import { ReceiptsEventSchemas } from './fiscal/events/receipts';
import { FiscalProfileEventSchemas } from './fiscal/events/fiscal-profile';
import { OrderEventSchemas } from './payments/events/order';
import { ErasureRequestEventSchemas } from './fiscal/events/erasure-request';
import { DietEventSchemas } from './nutrition/events/diet';
import { DietLibraryEventSchemas } from './nutrition/events/diet-library';
import { RecipeEventSchemas } from './nutrition/events/recipe';
import { FoodTableEventSchemas } from './nutrition/events/food-tables';
import { DiaryEventSchemas } from './nutrition/events/diary';

/**
 * The event catalogue: every area's events, from the files in its `events/` folder (one a stream or a few streams of one
 * kind, their names in the first line). The stored type string is the key, never a class name.
 */

export * from './scheduling/events/availability';
export * from './scheduling/events/external-calendar';
export * from './accounts/events/user';
export * from './accounts/events/email-claim';
export * from './accounts/events/first-administrator';
export * from './clinical/events/questionnaire';
export * from './clinical/events/patient';
export * from './scheduling/events/booking';
export * from './scheduling/events/patient-hold';
export * from './scheduling/events/rooms';
export * from './fiscal/events/receipts';
export * from './fiscal/events/fiscal-profile';
export * from './payments/events/order';
export * from './fiscal/events/erasure-request';
export * from './nutrition/events/diet';
export * from './nutrition/events/diet-library';
export * from './nutrition/events/foods';
export * from './nutrition/events/recipe';
export * from './nutrition/events/food-tables';
export * from './nutrition/events/diary';
export * from './payments/events/catalog';
export * from './scheduling/events/outcome';
export * from './scheduling/events/series';
export * from './scheduling/events/schedule';
export * from './scheduling/events/visit-types';
export * from './audit/events/access-log';
export * from './notifications/events/notifications';
export * from './notifications/events/messages';
export * from './practice/events/settings';
export * from './clinical/events/clinical-record';
/** Personal fields travel sealed with the subject's key (AES-256-GCM); see backend/src/platform/personal-data. */
export { Sealed } from './platform/sealed';

export const EventSchemas = {
  ...AvailabilityEventSchemas,
  ...ExternalCalendarEventSchemas,
  ...ContactPreferencesEventSchemas,
  ...UserEventSchemas,
  ...EmailClaimEventSchemas,
  ...FirstAdministratorEventSchemas,
  ...QuestionnaireDefinitionEventSchemas,
  ...PatientEventSchemas,
  ...BookingEventSchemas,
  ...PatientHoldEventSchemas,
  ...RoomEventSchemas,
  ...ReceiptsEventSchemas,
  ...FiscalProfileEventSchemas,
  ...OrderEventSchemas,
  ...ErasureRequestEventSchemas,
  ...DietEventSchemas,
  ...DietLibraryEventSchemas,
  ...RecipeEventSchemas,
  ...FoodTableEventSchemas,
  ...DiaryEventSchemas,
  ProductCreated,
  ProductUpdated,
  CouponCreated,
  CouponUpdated,
  CouponRedeemed,
  PersonalDataAccessed,
  PersonalDataErased,
  FoodCategoryCreated,
  FoodCategoryUpdated,
  FoodCreated,
  FoodUpdated,
  ...NotificationEventSchemas,
  ...MessageEventSchemas,
  ...PhoneEventSchemas,
  ...SettingsEventSchemas,
  ...LocationEventSchemas,
  ...ClinicalEventSchemas,
  VisitTypeCreated,
  VisitTypeUpdated,
  VisitTypeArchived,
  WeeklyScheduleSet,
  AvailabilityClosureAdded,
  QuestionnaireRevised,
  QuestionnaireActiveSet,
  QuestionnaireDeleted,
  BookingOutcomeUndone,
  FollowUpSeriesStarted,
  FollowUpSeriesVisitBooked,
  FollowUpSeriesVisitSkipped,
} as const;

export type EventType = keyof typeof EventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof EventSchemas)[T]>;
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** a recorded event of the catalogue, as the read side and the deciders see it: a union discriminated by `type` */
export type RecordedDomainEvent = { [T in EventType]: Omit<RecordedEvent, 'type' | 'data'> & { type: T; data: EventData<T> } }[EventType];

/** an event in the log whose data does not match its schema in the catalogue: a bug, never skipped silently */
export class InvalidEventError extends Error {}

const isCatalogued = (type: string): type is EventType => Object.hasOwn(EventSchemas, type);

/**
 * Where an event enters the domain (the projections' fold, the deciders' and the workflows' folds): checked against
 * the catalogue's schema and typed as the union. The data is kept as recorded (extra fields of newer writers are not
 * stripped). A type outside the catalogue (a test's own events) passes through unchecked.
 */
export function parseRecordedEvent(event: RecordedEvent): RecordedDomainEvent {
  checkEventData(event, `alla posizione ${event.position} (${event.stream})`);
  return event as RecordedDomainEvent;
}

/** the same check for an event that is not (yet) a recorded one: a workflow's given events, tagged with their stream */
export function parseDomainEvent<E extends { type: string; data: unknown }>(event: E, where: string): E & DomainEvent {
  checkEventData(event, where);
  return event as E & DomainEvent;
}

function checkEventData(event: { type: string; data: unknown }, where: string): void {
  if (!isCatalogued(event.type)) return;
  const checked = EventSchemas[event.type].safeParse(event.data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new InvalidEventError(`Evento ${event.type} non valido ${where}: ${issue?.path.join('.') || 'dati'}: ${issue?.message}`);
  }
}
