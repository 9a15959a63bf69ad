import { z } from './zod-it';
import { STREAM_PREFIX } from './streams';
import type { RecordedEvent } from './event-store';
import { CouponCreated, CouponRedeemed, CouponUpdated, ProductCreated, ProductUpdated } from './catalog';
import { Question } from './questionnaire';
import { QuestionnaireActiveSet, QuestionnaireDeleted, QuestionnaireRevised } from './questionnaire';
import { BookingOutcomeUndone } from './outcome';
import { FollowUpSeriesStarted, FollowUpSeriesVisitBooked, FollowUpSeriesVisitSkipped } from './series';
import { PersonalDataAccessed, PersonalDataErased } from './audit';
import { FoodCategoryCreated, FoodCategoryUpdated, FoodCreated, FoodUpdated } from './diet';
import { NotificationEventSchemas } from './notifications';
import { SettingsEventSchemas } from './settings';
import { ClinicalEventSchemas } from './clinical-record';
import { BookedVisit, VisitTypeArchived, VisitTypeCreated, VisitTypeUpdated } from './visit-types';
import { AvailabilityClosureAdded, WeeklyScheduleSet } from './availability-tools';

/** The event catalogue. The stored type string is the key, never a class name. */

export const SlotOpened = z.object({ doctorId: z.string(), slotId: z.string(), start: z.string(), end: z.string() });
export const SlotClosed = z.object({ doctorId: z.string(), slotId: z.string(), start: z.string(), end: z.string() });

/** Personal fields travel sealed with the subject's key (AES-256-GCM); see backend/src/personal-data. */
import { Sealed } from './sealed';
export { Sealed };

export const Role = z.enum(['patient', 'doctor', 'admin', 'auditor']);
export type Role = z.infer<typeof Role>;

export const UserRegistered = z.object({
  userId: z.string(),
  role: Role,
  /** keyed hash of the lower-cased email: lets login find the account without the email in clear */
  emailHash: z.string(),
  passwordHash: z.string(),
  /** {name, surname, email} sealed with the user's key; a registered patient's also holds phone and taxcode */
  personal: Sealed,
});
export const WorkingHoursSet = z.object({ doctorId: z.string(), startHour: z.number().int(), endHour: z.number().int() });
/** on the user stream: which privacy notice the person accepted, and when */
export const ConsentRecorded = z.object({ userId: z.string(), document: z.literal('privacy'), version: z.string(), at: z.string() });
/** on `email-<emailHash>`: appended with no_stream, so one email can claim one account only */
export const EmailClaimed = z.object({ emailHash: z.string(), userId: z.string() });
/** on `questionnaire-<id>`; a definition holds no personal data */
export const QuestionnaireDefined = z.object({ questionnaireId: z.string(), doctorId: z.string(), title: z.string(), questions: z.array(Question) });
/** on `patient-<id>`: answers are health data, sealed with the patient's key; a later one supersedes */
export const QuestionnaireAnswered = z.object({
  patientId: z.string(),
  questionnaireId: z.string(),
  doctorId: z.string(),
  answers: Sealed,
  /** the questionnaire's version answered (absent in answers recorded before versions: 1) */
  version: z.number().int().optional(),
});

/** why a hold ended: its time ran out, the patient let it go, or the patient held another slot */
export const HoldEndReason = z.enum(['expired', 'released', 'replaced']);
export type HoldEndReason = z.infer<typeof HoldEndReason>;
/** on the doctor-day stream: the slot is kept for one patient until `expiresAt` (a real instant) */
export const SlotHeld = z.object({
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  expiresAt: z.string(),
  /** the pause the visit needs after it (its type's buffer): no other visit may start inside it; absent = none */
  bufferMinutes: z.number().int().min(0).optional(),
});
export const SlotHoldReleased = z.object({
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  bookingId: z.string(),
  reason: HoldEndReason,
});
/** on `booking-<id>` */
export const BookingHeld = z.object({
  bookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  /** the end of the whole visit (a 60-minute visit holds two slots) */
  end: z.string(),
  expiresAt: z.string(),
  /** the visit type booked, as it was when held (absent: a 30-minute booking of no type) */
  visit: BookedVisit.optional(),
});
export const BookingHoldEnded = z.object({ bookingId: z.string(), reason: HoldEndReason });
/**
 * on `patienthold-<patientId>`: the patient's one current hold, recorded with the stream's expected
 * revision, and the hold it replaces (null when none): from this event on `replaces` is no longer held,
 * even if a crash stops the flow before the old slot is given back (the sweep finishes that).
 */
export const PatientHoldClaimed = z.object({ patientId: z.string(), bookingId: z.string(), replaces: z.string().nullable() });
/** on the doctor-day stream: a paid order turns the hold into a booking (red for good) */
export const SlotBooked = z.object({
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  orderId: z.string(),
});
/** on `booking-<id>`: paid by the order `orderId` (the PayPal order id) */
export const BookingConfirmed = z.object({ bookingId: z.string(), orderId: z.string() });
/** on `booking-<id>`: PayPal holds this booking's capture for review (PENDING): the hold does not run out meanwhile */
export const BookingPaymentInReview = z.object({ bookingId: z.string(), orderId: z.string() });

/** who acted on a booking */
export const BookingActor = z.enum(['patient', 'doctor', 'admin']);
export type BookingActor = z.infer<typeof BookingActor>;
/**
 * on `booking-<id>`: the visit will not take place. `refund` says whether the payment is refunded in full
 * (before the cut-off, or cancelled by the practice) or not at all; `reason` may speak of the patient, so it is
 * sealed with the patient's key. (Shared by the agenda, notifications and receipts: keep the shape stable.)
 */
export const BookingCancelled = z.object({
  bookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  by: BookingActor,
  reason: Sealed.nullable(),
  refund: z.enum(['full', 'none']),
  at: z.string(),
});
/** on `booking-<id>`: moved to another slot of the same doctor; `sequence` counts the moves (1 for the first: the .ics SEQUENCE) */
export const BookingRescheduled = z.object({
  bookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  fromSlotId: z.string(),
  fromStart: z.string(),
  fromEnd: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  sequence: z.number().int().positive(),
  by: BookingActor,
  at: z.string(),
});
/** on `booking-<id>`: what happened once the visit's time had come */
export const BookingOutcome = z.enum(['completed', 'no_show']);
export const BookingOutcomeRecorded = z.object({ bookingId: z.string(), patientId: z.string(), doctorId: z.string(), outcome: BookingOutcome, at: z.string() });

/** why a booked slot was given back: the booking was cancelled, or moved to another slot */
export const SlotFreeCause = z.enum(['cancelled', 'rescheduled']);
/** on the doctor-day stream: a booked slot is free again (the cancel and reschedule workflows' step) */
export const SlotFreed = z.object({
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  bookingId: z.string(),
  cause: SlotFreeCause,
});
/** on the doctor-day stream: a confirmed booking moved into this free slot (its payment carries over) */
export const SlotRebooked = z.object({
  doctorId: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  orderId: z.string(),
  fromSlotId: z.string(),
});
/** on `booking-<id>`: the reschedule workflow's intent, recorded before any other stream is touched */
export const BookingRescheduleRequested = z.object({
  bookingId: z.string(),
  requestId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  orderId: z.string(),
  fromSlotId: z.string(),
  fromStart: z.string(),
  fromEnd: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  by: BookingActor,
  at: z.string(),
});
/** on `booking-<id>`: the new slot was refused (taken meanwhile); the booking stays where it was */
export const BookingRescheduleAbandoned = z.object({ bookingId: z.string(), requestId: z.string(), reason: z.string() });
/** on `booking-<id>`: the cancel workflow's last step: slot freed and, when due, the payment refunded */
export const BookingCancellationSettled = z.object({ bookingId: z.string(), refundId: z.string().nullable() });

/**
 * on `receipts-<doctorId>-<year>` (the doctor's numbering stream: its expected revision keeps numbers gap-free):
 * the fiscal receipt `number/year` for a captured payment. The fiscal feature may add fields; these stay.
 */
export const ReceiptIssued = z.object({
  receiptId: z.string(),
  doctorId: z.string(),
  year: z.number().int(),
  number: z.number().int().positive(),
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  // ---- added by the fiscal feature (issue 13) ----
  /** the service, before stamp duty */
  amountCents: z.number().int(),
  /** 200 above 77,47 €, else 0; added to totalCents only when `stampDutyCharged` */
  stampDutyCents: z.number().int(),
  stampDutyCharged: z.boolean(),
  regime: z.enum(['ordinario', 'forfettario']),
  /** the patient opposed sending this expense to the Sistema Tessera Sanitaria */
  stsOpposition: z.boolean(),
  /** 'paypal', or a desk payment's cash / card / transfer (issue 23) */
  paymentMethod: z.enum(['paypal', 'cash', 'card', 'transfer']),
  /** PayPal order id (the transaction) and capture id; a desk payment's id for both */
  transactionId: z.string(),
  captureId: z.string(),
  /** when the payment was captured (the order's OrderPlaced) */
  paidAt: z.string(),
  /** the visit paid for (not personal: the slot) */
  visitStart: z.string(),
  productName: z.string(),
  /** the issuer's FiscalProfilePersonal at the time of issue, sealed with the doctor's key */
  issuer: Sealed,
  /** {name, surname, taxcode, billing} of the patient, sealed with the patient's key */
  patient: Sealed,
  // ---- added by issue 23 (absent on older events) ----
  /** the virtual-stamp authorisation printed on the receipt; null: a physical stamp */
  virtualStamp: z.object({ number: z.string(), date: z.string() }).nullable().optional(),
  /** the patient's {name, surname, taxcode, billing} sealed with the fiscal key: readable for the legal period after erasure */
  patientFiscal: Sealed.optional(),
});
/** on the same numbering stream: a credit note (nota di credito) for a refunded receipt; receipts are never edited */
export const CreditNoteIssued = z.object({
  creditNoteId: z.string(),
  receiptId: z.string(),
  doctorId: z.string(),
  year: z.number().int(),
  number: z.number().int().positive(),
  orderId: z.string(),
  patientId: z.string(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  // ---- added by the fiscal feature (issue 13) ----
  /** the receipt's number and year it cancels */
  receiptNumber: z.number().int().positive(),
  receiptYear: z.number().int(),
  refundId: z.string(),
});
/** on `fiscal-<doctorId>`: the practitioner's fiscal profile, whole; a later one supersedes (documents keep their copy) */
export const FiscalProfileSet = z.object({
  doctorId: z.string(),
  title: z.string(),
  regime: z.enum(['ordinario', 'forfettario']),
  stampDutyToPatient: z.boolean(),
  /** seeded demo values, not a real practitioner's */
  demo: z.boolean(),
  /** FiscalProfilePersonal {registeredName, albo, taxcode, vatNumber, address}, sealed with the doctor's key */
  personal: Sealed,
  /** the virtual-stamp authorisation (issue 23; absent on older events: none) */
  virtualStamp: z.object({ number: z.string(), date: z.string() }).nullable().optional(),
});

/**
 * What the patient is charged, as computed once (contracts/src/rules/charge.ts) and shown before paying; on the order's
 * events. `amountCents` of the order is then `totalCents`: the amount sent to PayPal and captured. Absent on orders
 * created before the charge was recorded (their amount was the service alone, the duty added on the receipt).
 */
export const ChargeLineSchema = z.object({ kind: z.enum(['visit', 'coupon', 'stamp_duty']), amountCents: z.number().int() });
const ChargeFields = {
  lines: z.array(ChargeLineSchema).optional(),
  totalCents: z.number().int().optional(),
  /** the duty due on the receipt, charged to the patient (a line) or borne by the practitioner */
  stampDutyCents: z.number().int().optional(),
  stampDutyCharged: z.boolean().optional(),
};
/** on `order-<paypalOrderId>`: the order we asked PayPal for, with the amount we computed */
export const OrderCreated = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  productId: z.string(),
  /** upper-cased code, null when none */
  coupon: z.string().nullable(),
  amountCents: z.number().int().positive(),
  currency: z.literal('EUR'),
  ...ChargeFields,
});
/** on `order-<id>`: PayPal confirmed the capture (verified server-side) */
export const PaymentCaptured = z.object({ orderId: z.string(), captureId: z.string(), amountCents: z.number().int(), currency: z.string() });
/**
 * on `order-<id>`: the money was captured but the booking could not be made (the hold ran out, the
 * slot or the coupon went to someone else in the meantime): PayPal refunded the capture in full
 */
export const PaymentRefunded = z.object({
  orderId: z.string(),
  captureId: z.string(),
  refundId: z.string(),
  status: z.string(),
  reason: z.string(),
  /** what was given back (the whole capture); absent on older events */
  amountCents: z.number().int().optional(),
});
/** on `order-<id>`: the purchase is complete; taxcode and billing sealed with the patient's key */
export const OrderPlaced = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  productId: z.string(),
  productName: z.string(),
  coupon: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  captureId: z.string(),
  /** {taxcode, billing} */
  invoice: Sealed,
  /** the patient opposed sending the expense to the Sistema Tessera Sanitaria (absent on older events: no) */
  stsOpposition: z.boolean().optional(),
  ...ChargeFields,
  /** how it was paid (issue 23): a desk payment's cash / card / transfer; absent: PayPal */
  paymentMethod: z.enum(['paypal', 'cash', 'card', 'transfer']).optional(),
});
/**
 * on `order-<id>`: the confirmation is about to ask PayPal to capture, with this PayPal-Request-Id; recorded first, so a
 * capture whose answer is lost (process killed, network) is found and settled by the reconciler without the browser.
 * Carries what finishing the booking needs: the slot, when the confirmation started, the sealed invoice.
 */
export const PaymentCaptureRequested = z.object({
  orderId: z.string(),
  requestId: z.string(),
  bookingId: z.string(),
  doctorId: z.string(),
  start: z.string(),
  /** when the confirmation started: the hold is judged then */
  startedAt: z.string(),
  /** the practice's day then (the coupon's validity) */
  today: z.string(),
  productName: z.string(),
  /** {taxcode, billing}, sealed with the patient's key */
  invoice: Sealed,
  stsOpposition: z.boolean(),
});
/** on `order-<id>`: PayPal holds the capture for review (PENDING); the booking stays held until it settles */
export const PaymentCapturePending = z.object({ orderId: z.string(), captureId: z.string(), reason: z.string() });
/** on `order-<id>`: the capture asked for did not take the money (declined, never made, order gone): nothing to give back */
export const PaymentCaptureAbandoned = z.object({ orderId: z.string(), reason: z.string() });
/**
 * on `order-<id>`: PayPal ended its review of a PENDING capture by declining it (PAYMENT.CAPTURE.DENIED, or the capture
 * DECLINED when the reconciler asks): no money was taken, the order ends failed with the reason, the hold is given back
 */
/**
 * on `erasurerequest-<patientId>`: the patient asked for the erasure of their personal data (GDPR art. 17), having been
 * told what stays and why (FISCAL_RETENTION_STATEMENT: fiscal documents, under a separate key, for the legal period);
 * the administrator carries it out (/storico, erase). Once per patient.
 */
export const ErasureRequested = z.object({ patientId: z.string(), requestedAt: z.string() });
export const PaymentDeclined = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  productId: z.string(),
  productName: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  captureId: z.string(),
  reason: z.string(),
});

/**
 * on `order-desk-<bookingId>` (issue 23): a payment taken at the practice's desk for a booking, recorded by its doctor
 * or an administrator; the desk-payment workflow then books the slot, confirms the booking and places the order
 * (OrderPlaced with paymentMethod), so the receipt follows as for PayPal. A refund is PaymentRefunded on the same stream.
 */
export const DeskPaymentRecorded = z.object({
  orderId: z.string(),
  bookingId: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  method: z.enum(['cash', 'card', 'transfer']),
  amountCents: z.number().int().positive(),
  at: z.string(),
  /** the receipt's buyer data (sealed) and the STS opposition: what placing the order after a crash needs */
  invoice: Sealed.optional(),
  stsOpposition: z.boolean().optional(),
});

/** on `diet-<patientId>`: the patient's current diet, whole (DietContent); health data, sealed with the patient's key */
export const DietSaved = z.object({ patientId: z.string(), doctorId: z.string(), content: Sealed });
/**
 * on `diet-<patientId>` (issue 25): the treating doctor sent the saved diet (revision) to the patient; the outbox
 * mails a notice with a link to /home, never the diet. No health data here: ids, the revision and the instant.
 */
export const DietSentToPatient = z.object({
  patientId: z.string(),
  doctorId: z.string(),
  sendId: z.string(),
  revision: z.number().int().min(0),
  at: z.string(),
});

/**
 * Staff accounts and passwords, on the account's stream `user-<id>`. Tokens never enter the log: an invitation's or a
 * reset's link carries `<id>.<HMAC of the id>` (server secret), so only its id and expiry are recorded here.
 */
export const StaffInvited = z.object({
  userId: z.string(),
  invitationId: z.string(),
  roles: z.array(Role).min(1),
  emailHash: z.string(),
  /** {name, surname, email} sealed with the person's key */
  personal: Sealed,
  expiresAt: z.string(),
  invitedBy: z.string(),
});
/** the invited person chose a password: the account is active */
export const InvitationAccepted = z.object({ userId: z.string(), invitationId: z.string(), passwordHash: z.string(), at: z.string() });
export const StaffRolesChanged = z.object({ userId: z.string(), roles: z.array(Role).min(1), changedBy: z.string() });
export const AccountDeactivated = z.object({ userId: z.string(), by: z.string(), at: z.string() });
export const AccountReactivated = z.object({ userId: z.string(), by: z.string(), at: z.string() });
export const PasswordResetRequested = z.object({ userId: z.string(), resetId: z.string(), expiresAt: z.string() });
/** through a reset link (resetId) or from the profile with the current password (resetId null) */
export const PasswordChanged = z.object({ userId: z.string(), passwordHash: z.string(), resetId: z.string().nullable(), at: z.string() });
/** the person's own contact details, sealed again with their key (email unchanged: it is the login) */
export const ContactDetailsChanged = z.object({ userId: z.string(), personal: Sealed });
/** a self-registered patient is asked to confirm the address through a link (`requestId` is the link's id) */
export const EmailConfirmationRequested = z.object({ userId: z.string(), requestId: z.string() });
export const EmailConfirmed = z.object({ userId: z.string(), requestId: z.string(), at: z.string() });

export const EventSchemas = {
  SlotOpened,
  SlotClosed,
  UserRegistered,
  WorkingHoursSet,
  ConsentRecorded,
  EmailClaimed,
  QuestionnaireDefined,
  QuestionnaireAnswered,
  SlotHeld,
  SlotHoldReleased,
  BookingHeld,
  BookingHoldEnded,
  PatientHoldClaimed,
  SlotBooked,
  BookingConfirmed,
  BookingPaymentInReview,
  BookingCancelled,
  BookingRescheduled,
  BookingOutcomeRecorded,
  SlotFreed,
  SlotRebooked,
  BookingRescheduleRequested,
  BookingRescheduleAbandoned,
  BookingCancellationSettled,
  ReceiptIssued,
  CreditNoteIssued,
  FiscalProfileSet,
  OrderCreated,
  PaymentCaptured,
  PaymentRefunded,
  OrderPlaced,
  PaymentCaptureRequested,
  PaymentCapturePending,
  PaymentCaptureAbandoned,
  DeskPaymentRecorded,
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
  DietSaved,
  DietSentToPatient,
  StaffInvited,
  InvitationAccepted,
  StaffRolesChanged,
  AccountDeactivated,
  AccountReactivated,
  PasswordResetRequested,
  PasswordChanged,
  ContactDetailsChanged,
  EmailConfirmationRequested,
  EmailConfirmed,
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
  PaymentDeclined,
  ErasureRequested,
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

export function userStreamName(userId: string): string {
  return `${STREAM_PREFIX.user}${userId}`;
}

export function emailClaimStreamName(emailHash: string): string {
  return `${STREAM_PREFIX.email}${emailHash}`;
}

export function questionnaireStreamName(questionnaireId: string): string {
  return `${STREAM_PREFIX.questionnaire}${questionnaireId}`;
}

export function patientStreamName(patientId: string): string {
  return `${STREAM_PREFIX.patient}${patientId}`;
}

/** the doctor's fiscal numbering stream of one year: receipts and credit notes */
export function receiptsStreamName(doctorId: string, year: number): string {
  return `${STREAM_PREFIX.receipts}${doctorId}-${year}`;
}
