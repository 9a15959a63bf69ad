import { z } from '../platform/zod-it';
import { storedText } from '../platform/rules/plain-text';
import { STREAM_PREFIX } from '../platform/streams';
import { BookedVisit } from './visit-types';

/** 'YYYY-MM-DD', a real calendar day */
export const isoDay = z
  .string({ error: 'Data mancante' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data non valida: usa il formato AAAA-MM-GG' })
  .refine(
    (d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
    },
    { message: 'Data non valida' },
  );

/** GET /disponibilita/query?for=&date= */
export const FreeSlotsQuery = z.object({
  for: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante'),
  date: isoDay,
  /** a visit type: only the starts where the whole visit fits (its slots free, its buffer, notice and horizon) */
  type: z.string({ error: 'Tipo di visita non valido' }).min(1, 'Tipo di visita non valido').max(64, 'Tipo di visita non valido').optional(),
  /** only the hours at this location of the practice */
  location: z.string({ error: 'Sede non valida' }).min(1, 'Sede non valida').max(64, 'Sede non valida').optional(),
});

/** a free slot of one day: `id` goes into the booking form as availability_id */
/** `locationId`: where the doctor receives at that hour, when the weekly schedule says */
export const FreeSlot = z.object({ id: z.string(), hour: z.string(), locationId: z.string().optional() });
export type FreeSlot = z.infer<typeof FreeSlot>;

export const MAX_FREE_DAYS_RANGE = 62;

/** GET /api/doctors/:id/days?from=&to= (both days included) */
export const FreeDaysQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    type: z.string({ error: 'Tipo di visita non valido' }).min(1).max(64, 'Tipo di visita non valido').optional(),
    location: z.string({ error: 'Sede non valida' }).min(1, 'Sede non valida').max(64, 'Sede non valida').optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'La data finale deve seguire quella iniziale', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_FREE_DAYS_RANGE, {
    message: `Intervallo troppo ampio: al massimo ${MAX_FREE_DAYS_RANGE} giorni`,
    path: ['to'],
  });

export const FreeDay = z.object({ date: z.string(), free: z.number().int() });
export type FreeDay = z.infer<typeof FreeDay>;

/** the spec's booking form; availability_id 0 means "nothing chosen yet" */
export const HoldRequest = z.object({
  doctor_id: z.string({ error: 'Medico mancante' }).min(1, 'Medico mancante'),
  availability_id: z
    .union([z.string(), z.number()], { error: 'Scegli prima un giorno e un orario' })
    .transform(String)
    .refine((v) => v !== '' && v !== '0', { message: 'Scegli prima un giorno e un orario' }),
  /** the visit type booked: all the slots of its length are held together */
  visit_type: z.string({ error: 'Tipo di visita non valido' }).min(1, 'Tipo di visita non valido').max(64, 'Tipo di visita non valido').optional(),
});
export type HoldRequest = z.input<typeof HoldRequest>;

export const HoldResponse = z.object({
  id: z.string(),
  expiresAt: z.string(),
  /** the desk's hold for a patient only: the visit's price, which the desk payment starts from */
  priceCents: z.number().int().optional(),
});
export type HoldResponse = z.infer<typeof HoldResponse>;

export const BookingStatus = z.enum(['held', 'expired', 'released', 'replaced', 'confirmed', 'cancelled', 'completed', 'no_show']);
export type BookingStatus = z.infer<typeof BookingStatus>;

/** GET /prenotazioni/:id and each item of GET /api/me/bookings */
export const BookingView = z.object({
  id: z.string(),
  patientId: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  status: BookingStatus,
  expiresAt: z.string(),
  /** the paying order, once confirmed */
  orderId: z.string().nullable().optional(),
  /** PayPal holds the payment for review ("pagamento in verifica"): the hold stays until it settles */
  paymentInReview: z.literal(true).optional(),
  /** what cancelling or moving it means right now (the policy shown before paying and before cancelling) */
  policy: z
    .object({
      /** the instant after which a patient's cancellation is no longer refunded, nor can they move it */
      cutoffAt: z.string(),
      cutoffHours: z.number(),
      canCancel: z.boolean(),
      canReschedule: z.boolean(),
      refundIfCancelled: z.boolean(),
    })
    .optional(),
  /** the order's refund, once cancelled with a refund */
  refunded: z.boolean().optional(),
  /** staff only: who is coming (reading it is logged in the patient's access log) */
  patient: z.object({ id: z.string(), name: z.string(), surname: z.string(), phone: z.string(), email: z.string(), taxcode: z.string().optional() }).optional(),
  /** a held booking in the patient's list: where "Continua" takes them (the questionnaire until it is answered) */
  resume: z.enum(['questionnaire', 'payment']).optional(),
  /** the patient's own tax code, to prefill the payment form (the patient's own view only) */
  taxcode: z.string().optional(),
  /** the visit type booked (name, length, mode, its product and price) */
  visit: BookedVisit.optional(),
  /** an online visit's room, and the instant from which it opens (15 minutes before the start) */
  video: z.object({ url: z.string(), opensAt: z.string() }).optional(),
  /** a cancelled booking: who cancelled it, the reason given (the practice must give one) and what was refunded */
  cancellation: z
    .object({
      by: z.enum(['patient', 'doctor', 'admin']),
      reason: z.string().nullable(),
      refund: z.enum(['full', 'none']),
      /** the amount given back, once refunded (null: none, or not yet) */
      refundCents: z.number().int().nullable(),
    })
    .optional(),
});
export type BookingView = z.infer<typeof BookingView>;

/** one stream per patient with their current hold: a patient never holds two bookings */
/** the rooms of one location taken by visits on one day */
export function roomStreamName(locationId: string, day: string): string {
  return `${STREAM_PREFIX.room}${locationId}-${day}`;
}

export function patientHoldStreamName(patientId: string): string {
  return `${STREAM_PREFIX.patientHold}${patientId}`;
}

export function bookingStreamName(bookingId: string): string {
  return `${STREAM_PREFIX.booking}${bookingId}`;
}

/** POST /api/bookings/:id/cancel */
export const CancelBookingRequest = z.object({
  reason: storedText({
    label: 'Motivo',
    kind: 'lines',
    max: 500,
    tooLong: 'Motivo troppo lungo (al massimo 500 caratteri)',
    notText: 'Motivo non valido',
  }).optional(),
});
export type CancelBookingRequest = z.infer<typeof CancelBookingRequest>;

/** POST /api/bookings/:id/reschedule */
export const RescheduleBookingRequest = z.object({
  availability_id: z.string({ error: 'Scegli il nuovo orario' }).trim().min(1, 'Scegli il nuovo orario'),
});
export type RescheduleBookingRequest = z.infer<typeof RescheduleBookingRequest>;

/** POST /api/bookings/:id/outcome */
export const OutcomeRequest = z.object({
  outcome: z.enum(['completed', 'no_show'], { error: "Esito non valido: 'completed' o 'no_show'" }),
});
export type OutcomeRequest = z.infer<typeof OutcomeRequest>;

export const DEFAULT_CANCELLATION_CUTOFF_HOURS = 24;

/**
 * The cancellation policy, one rule for server and screen: before the cut-off (hours before the visit)
 * a patient's cancellation is refunded in full and the visit may be moved; after it, cancelling is still
 * possible but not refunded. The practice's cancellations always refund. Instants in ms.
 */
export function cancellationPolicy(visitAt: number, now: number, cutoffHours: number, by: 'patient' | 'doctor' | 'admin') {
  const cutoffAt = visitAt - cutoffHours * 3_600_000;
  const past = visitAt <= now;
  const beforeCutoff = now < cutoffAt;
  return {
    cutoffAt: new Date(cutoffAt).toISOString(),
    past,
    beforeCutoff,
    refund: (by === 'patient' ? beforeCutoff : true) ? ('full' as const) : ('none' as const),
    canReschedule: !past && (by !== 'patient' || beforeCutoff),
  };
}

/** GET /api/doctors/:id/agenda?from=&to= (days, both included) */
export const AgendaQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    /** only the visits at this location of the practice */
    location: z.string({ error: 'Sede non valida' }).min(1, 'Sede non valida').max(64, 'Sede non valida').optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'La data finale deve seguire quella iniziale', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_FREE_DAYS_RANGE, {
    message: `Intervallo troppo ampio: al massimo ${MAX_FREE_DAYS_RANGE} giorni`,
    path: ['to'],
  });

export const AgendaStatus = z.enum(['held', 'confirmed', 'cancelled', 'no_show', 'completed']);
export type AgendaStatus = z.infer<typeof AgendaStatus>;

/** one appointment of the doctor's agenda; the fields after `order` are the screen's extras */
export const AgendaItem = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  status: AgendaStatus,
  patient: z.object({ id: z.string(), name: z.string(), surname: z.string(), phone: z.string(), email: z.string() }),
  order: z.object({ id: z.string(), amountCents: z.number().int(), status: z.enum(['placed', 'refunded']) }).nullable(),
  questionnaireAnswered: z.boolean(),
  /** the patient's no-shows with this doctor */
  noShows: z.number().int(),
  /** present only when the patient has not confirmed their email yet: no reminders go to it meanwhile */
  emailUnconfirmed: z.literal(true).optional(),
  /** when the outcome (completed, no_show) was recorded: "Annulla esito" is offered for OUTCOME_UNDO_HOURS after it */
  outcomeAt: z.string().optional(),
  /** the booked visit type's price: the desk payment's amount starts from it */
  priceCents: z.number().int().optional(),
  /** whether a receipt for this patient can be issued without asking the codice fiscale (profile or earlier payment) */
  taxcodeOnFile: z.boolean().optional(),
  /** the practice's location of the visit, when the weekly schedule gave one */
  locationId: z.string().optional(),
  /** the patient confirmed by replying to a text ("confermata dal paziente") */
  confirmedByPatient: z.literal(true).optional(),
  /** a text about the visit reached no phone on any channel tried ("promemoria non consegnato") */
  reminderUndelivered: z.literal(true).optional(),
});
export type AgendaItem = z.infer<typeof AgendaItem>;
