import type { z } from '../zod-it';
import type { RecordedEvent } from '../event-store';
import { CouponCreated, CouponRedeemed, CouponUpdated, ProductCreated, ProductUpdated } from '../catalog';
import { QuestionnaireActiveSet, QuestionnaireDeleted, QuestionnaireRevised } from '../questionnaire';
import { BookingOutcomeUndone } from '../outcome';
import { FollowUpSeriesStarted, FollowUpSeriesVisitBooked, FollowUpSeriesVisitSkipped } from '../series';
import { PersonalDataAccessed, PersonalDataErased } from '../audit';
import { FoodCategoryCreated, FoodCategoryUpdated, FoodCreated, FoodUpdated } from '../diet';
import { NotificationEventSchemas } from '../notifications';
import { SettingsEventSchemas } from '../settings';
import { ClinicalEventSchemas } from '../clinical-record';
import { VisitTypeArchived, VisitTypeCreated, VisitTypeUpdated } from '../visit-types';
import { AvailabilityClosureAdded, WeeklyScheduleSet } from '../availability-tools';
import { AvailabilityEventSchemas } from './availability';
import { UserEventSchemas } from './user';
import { EmailClaimEventSchemas } from './email-claim';
import { QuestionnaireDefinitionEventSchemas } from './questionnaire';
import { PatientEventSchemas } from './patient';
import { BookingEventSchemas } from './booking';
import { PatientHoldEventSchemas } from './patient-hold';
import { ReceiptsEventSchemas } from './receipts';
import { FiscalProfileEventSchemas } from './fiscal-profile';
import { OrderEventSchemas } from './order';
import { ErasureRequestEventSchemas } from './erasure-request';
import { DietEventSchemas } from './diet';

/**
 * The event catalogue: one file a stream beside this one (the stream's name in its first line), the events that live
 * in a feature's contract (catalog, questionnaire revisions, notifications, settings, clinical record, visit types,
 * schedule, series, outcome, audit, foods) imported from there. The stored type string is the key, never a class name.
 */

export * from './availability';
export * from './user';
export * from './email-claim';
export * from './questionnaire';
export * from './patient';
export * from './booking';
export * from './patient-hold';
export * from './receipts';
export * from './fiscal-profile';
export * from './order';
export * from './erasure-request';
export * from './diet';
/** Personal fields travel sealed with the subject's key (AES-256-GCM); see backend/src/personal-data. */
export { Sealed } from '../sealed';

export const EventSchemas = {
  ...AvailabilityEventSchemas,
  ...UserEventSchemas,
  ...EmailClaimEventSchemas,
  ...QuestionnaireDefinitionEventSchemas,
  ...PatientEventSchemas,
  ...BookingEventSchemas,
  ...PatientHoldEventSchemas,
  ...ReceiptsEventSchemas,
  ...FiscalProfileEventSchemas,
  ...OrderEventSchemas,
  ...ErasureRequestEventSchemas,
  ...DietEventSchemas,
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
  ...SettingsEventSchemas,
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
