import { practiceInstant } from '@studio/contracts';
import type { DomainEvent, EventData } from '@studio/contracts';
import type { Decided } from './messages';

/** an event of a booking's stream, checked against the catalogue (parseRecordedEvent) and narrowed by its type */
export type BookingHistoryEvent = DomainEvent;

/** the booking events that notify the patient and the doctor */
type VisitCauseType = 'BookingConfirmed' | 'BookingCancelled' | 'BookingRescheduled';

/** what a booking's history says about its visit now */
export interface VisitState {
  patientId: string;
  doctorId: string;
  start: string;
  end: string;
  sequence: number;
  confirmed: boolean;
  cancelled: boolean;
  /** the hold ended (expired, released) before any payment */
  holdEnded: boolean;
}

export function visitState(history: BookingHistoryEvent[]): VisitState | null {
  let v: VisitState | null = null;
  for (const e of history) {
    if (e.type === 'BookingHeld') {
      const d = e.data;
      v = { patientId: d.patientId, doctorId: d.doctorId, start: d.start, end: d.end, sequence: 0, confirmed: false, cancelled: false, holdEnded: false };
      continue;
    }
    const cur: VisitState | null = v;
    if (!cur) continue;
    if (e.type === 'BookingConfirmed') v = { ...cur, confirmed: true };
    else if (e.type === 'BookingHoldEnded') v = { ...cur, holdEnded: true };
    else if (e.type === 'BookingCancelled') v = { ...cur, cancelled: true };
    else if (e.type === 'BookingRescheduled') {
      const d = e.data;
      v = { ...cur, start: d.start, end: d.end, sequence: d.sequence };
    }
  }
  return v;
}

export interface NotifySettings {
  reminderHours: number;
  timeZone: string;
}

/** a cause (an event just committed) and what the decider needs to know about it, read from the log */
export type Cause =
  | { [T in VisitCauseType]: { type: T; data: EventData<T>; at: string; booking: BookingHistoryEvent[] } }[VisitCauseType]
  | { type: 'ReceiptIssued'; data: EventData<'ReceiptIssued'>; at: string }
  | { type: 'WaitingListOfferMade'; data: EventData<'WaitingListOfferMade'>; at: string; offer: EventData<'WaitingListOfferReserved'> }
  | { type: 'StaffInvited'; data: EventData<'StaffInvited'>; at: string }
  | { type: 'EmailConfirmationRequested'; data: EventData<'EmailConfirmationRequested'>; at: string }
  | { type: 'PasswordResetRequested'; data: EventData<'PasswordResetRequested'>; at: string; recipientRole: EventData<'NotificationDecided'>['recipientRole'] }
  | { type: 'DietSentToPatient'; data: EventData<'DietSentToPatient'>; at: string };

/** the event types that cause a notification */
export const CAUSE_TYPES = [
  'BookingConfirmed',
  'BookingCancelled',
  'BookingRescheduled',
  'ReceiptIssued',
  'WaitingListOfferMade',
  'StaffInvited',
  'PasswordResetRequested',
  'EmailConfirmationRequested',
  'DietSentToPatient',
] as const;

/** an account's own message: no visit, the recipient stands in as doctor and patient */
const accountMessage = (
  kind: 'staff_invitation' | 'password_reset' | 'email_confirmation',
  userId: string,
  recipientRole: Decided['recipientRole'],
  at: string,
  link: NonNullable<Decided['accountLink']>,
): Decided => ({
  notificationId: `${kind}-${link.linkId}`,
  kind,
  recipientId: userId,
  recipientRole,
  dueAt: at,
  bookingId: null,
  doctorId: userId,
  patientId: userId,
  start: null,
  end: null,
  sequence: 0,
  receipt: null,
  offerExpiresAt: null,
  accountLink: link,
});

const base = (v: { patientId: string; doctorId: string }) => ({ patientId: v.patientId, doctorId: v.doctorId, receipt: null, offerExpiresAt: null });

/**
 * The outbox's decider, pure: which messages a committed event calls for. Each message's id comes from its cause
 * (booking, sequence, recipient), so deciding the same cause twice yields the same ids and the outbox appends once.
 * Confirmed, cancelled and moved visits notify the patient and the doctor; the patient also gets a reminder
 * `reminderHours` before the visit (at the real instant in the practice's zone, right across DST), unless the visit
 * is closer than that already. A cancelled or moved visit's reminder is dropped when it comes due (see `stillWanted`).
 */
export function decideNotifications(cause: Cause, settings: NotifySettings): Decided[] {
  switch (cause.type) {
    case 'BookingConfirmed':
    case 'BookingCancelled':
    case 'BookingRescheduled': {
      const v = visitState(cause.booking);
      if (!v) return [];
      const bookingId = cause.data.bookingId;
      const kind = cause.type === 'BookingConfirmed' ? 'booking_confirmed' : cause.type === 'BookingCancelled' ? 'booking_cancelled' : 'booking_rescheduled';
      // the state as of this event: a later move must not change what this message says
      const movedTo = cause.type === 'BookingRescheduled' ? cause.data.sequence : null;
      const upTo = cause.booking.slice(
        0,
        cause.booking.findIndex((e) => e.type === cause.type && (e.type !== 'BookingRescheduled' || e.data.sequence === movedTo)) + 1,
      );
      const at = visitState(upTo.length ? upTo : cause.booking)!;
      const sequence = cause.type === 'BookingCancelled' ? at.sequence + 1 : at.sequence;
      const visit = { bookingId, start: at.start, end: at.end, sequence, dueAt: cause.at, ...base(at) };
      const tag = `${bookingId}-${sequence}`;
      const messages: Decided[] = [
        { notificationId: `${kind}-${tag}-patient`, kind, recipientId: at.patientId, recipientRole: 'patient', ...visit },
        { notificationId: `${kind}-${tag}-doctor`, kind, recipientId: at.doctorId, recipientRole: 'doctor', ...visit },
      ];
      if (cause.type !== 'BookingCancelled') {
        const visitAt = practiceInstant(at.start, settings.timeZone).getTime();
        const dueAt = new Date(visitAt - settings.reminderHours * 3_600_000).toISOString();
        if (Date.parse(dueAt) > Date.parse(cause.at)) {
          messages.push({ notificationId: `reminder-${tag}-patient`, kind: 'reminder', recipientId: at.patientId, recipientRole: 'patient', ...visit, dueAt });
        }
      }
      return messages;
    }
    case 'ReceiptIssued': {
      const r = cause.data;
      return [
        {
          notificationId: `receipt_available-${r.receiptId}-patient`,
          kind: 'receipt_available',
          recipientId: r.patientId,
          recipientRole: 'patient',
          dueAt: cause.at,
          bookingId: r.bookingId,
          start: null,
          end: null,
          sequence: 0,
          ...base(r),
          receipt: { receiptId: r.receiptId, number: r.number, year: r.year, orderId: r.orderId },
        },
      ];
    }
    case 'WaitingListOfferMade': {
      const o = cause.offer;
      return [
        {
          notificationId: `waiting_list_offer-${o.bookingId}-patient`,
          kind: 'waiting_list_offer',
          recipientId: o.patientId,
          recipientRole: 'patient',
          dueAt: cause.at,
          bookingId: o.bookingId,
          start: o.start,
          end: o.end,
          sequence: 0,
          ...base(o),
          offerExpiresAt: o.expiresAt,
        },
      ];
    }
    case 'StaffInvited': {
      const d = cause.data;
      const role = d.roles.includes('doctor') ? 'doctor' : d.roles.includes('admin') ? 'admin' : 'auditor';
      return [accountMessage('staff_invitation', d.userId, role, cause.at, { purpose: 'invitation', linkId: d.invitationId, expiresAt: d.expiresAt })];
    }
    case 'EmailConfirmationRequested': {
      const d = cause.data;
      return [accountMessage('email_confirmation', d.userId, 'patient', cause.at, { purpose: 'email_confirmation', linkId: d.requestId, expiresAt: null })];
    }
    case 'PasswordResetRequested': {
      const d = cause.data;
      return [
        accountMessage('password_reset', d.userId, cause.recipientRole, cause.at, { purpose: 'password_reset', linkId: d.resetId, expiresAt: d.expiresAt }),
      ];
    }
    case 'DietSentToPatient': {
      // a notice with a link to /home: the diet itself never leaves the app by email (health data)
      const d = cause.data;
      return [
        {
          notificationId: `diet_sent-${d.sendId}-patient`,
          kind: 'diet_sent',
          recipientId: d.patientId,
          recipientRole: 'patient',
          dueAt: cause.at,
          bookingId: null,
          start: null,
          end: null,
          sequence: 0,
          ...base(d),
        },
      ];
    }
  }
}

/**
 * Asked again just before sending, on the booking's history as it is then: a reminder of a cancelled visit, or of
 * a visit moved since (another sequence), is not sent; nor an offer whose hold has already ended. Null = send;
 * otherwise the reason to drop it.
 */
export function stillWanted(n: Decided, booking: BookingHistoryEvent[] | null): string | null {
  if (n.kind !== 'reminder' && n.kind !== 'waiting_list_offer') return null;
  const v = booking ? visitState(booking) : null;
  if (!v) return 'prenotazione non trovata';
  if (v.cancelled) return 'visita annullata';
  if (n.kind === 'reminder' && v.sequence !== n.sequence) return 'visita spostata';
  if (n.kind === 'waiting_list_offer' && (v.holdEnded || v.confirmed)) return 'offerta già conclusa';
  return null;
}
