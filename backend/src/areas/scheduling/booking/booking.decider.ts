import { OUTCOME_UNDO_HOURS, cancellationPolicy, type BookingActor, type EventData, type HoldEndReason, type Sealed, practiceInstant } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';

/** One stream per booking: `booking-<id>`: hold, payment, then the appointment's life (cancel, move, outcome). */
export type BookingEvent =
  | { type: 'BookingHeld'; data: EventData<'BookingHeld'> }
  | { type: 'BookingHoldEnded'; data: EventData<'BookingHoldEnded'> }
  | { type: 'BookingConfirmed'; data: EventData<'BookingConfirmed'> }
  | { type: 'BookingPaymentInReview'; data: EventData<'BookingPaymentInReview'> }
  | { type: 'BookingCancelled'; data: EventData<'BookingCancelled'> }
  | { type: 'BookingCancellationSettled'; data: EventData<'BookingCancellationSettled'> }
  | { type: 'BookingRescheduleRequested'; data: EventData<'BookingRescheduleRequested'> }
  | { type: 'BookingRescheduleAbandoned'; data: EventData<'BookingRescheduleAbandoned'> }
  | { type: 'BookingRescheduled'; data: EventData<'BookingRescheduled'> }
  | { type: 'BookingOutcomeRecorded'; data: EventData<'BookingOutcomeRecorded'> }
  | { type: 'BookingOutcomeUndone'; data: EventData<'BookingOutcomeUndone'> };

/** who, which doctor, which slot: the slot fields follow the booking when it is moved */
export interface BookingInfo {
  bookingId: string;
  patientId: string;
  doctorId: string;
  slotId: string;
  start: string;
  end: string;
}

export type BookingState =
  | { status: 'none' }
  /** `inReview`: the order whose capture PayPal holds for review (PENDING): the hold does not run out meanwhile */
  | { status: 'held'; booking: BookingInfo; expiresAt: string; inReview?: string }
  | { status: 'ended'; reason: HoldEndReason }
  | {
      status: 'confirmed';
      booking: BookingInfo;
      orderId: string;
      /** how many times it was moved (the .ics SEQUENCE) */
      sequence: number;
      /** a reschedule under way: recorded first, so a crash mid-way is resumed */
      pending: EventData<'BookingRescheduleRequested'> | null;
    }
  | { status: 'cancelled'; booking: BookingInfo; orderId: string; refund: 'full' | 'none'; settled: boolean }
  /** `at`: when the outcome was recorded; `sequence`: the calendar's, kept for an undo */
  | { status: 'concluded'; booking: BookingInfo; orderId: string; outcome: 'completed' | 'no_show'; at?: string; sequence?: number };

/** records a hold the doctor-day stream has already granted */
export interface StartHold {
  type: 'StartHold';
  hold: EventData<'BookingHeld'>;
}

/** an 'expired' end only once the hold really ran out; ending an ended booking changes nothing */
export interface EndHold {
  type: 'EndHold';
  bookingId: string;
  reason: HoldEndReason;
  now: string;
}

/** a paid order confirms the held booking; the same order again changes nothing */
export interface ConfirmBooking {
  type: 'ConfirmBooking';
  bookingId: string;
  orderId: string;
}

/** the time rules travel on the command: decide stays pure */
interface PolicyInput {
  now: string;
  /** the practice's IANA zone: slot starts are its wall-clock times */
  timeZone: string;
  cutoffHours: number;
}

/** a confirmed visit not yet begun is cancelled; the refund follows the policy (the practice always refunds) */
export interface CancelBooking extends PolicyInput {
  type: 'CancelBooking';
  bookingId: string;
  by: BookingActor;
  reason: Sealed | null;
}

/** the cancel workflow's last step; once */
export interface SettleCancellation {
  type: 'SettleCancellation';
  bookingId: string;
  refundId: string | null;
}

/** the reschedule workflow's intent: move to this slot of the same doctor */
export interface RequestReschedule extends PolicyInput {
  type: 'RequestReschedule';
  bookingId: string;
  requestId: string;
  by: BookingActor;
  slotId: string;
  start: string;
  end: string;
  /** the new time's location (null: none) */
  locationId?: string | null;
}

/** the new slot is ours: the booking moves there (once per request) */
export interface CompleteReschedule {
  type: 'CompleteReschedule';
  bookingId: string;
  requestId: string;
}

/** the new slot was refused: the request ends, the booking stays (once per request) */
export interface AbandonReschedule {
  type: 'AbandonReschedule';
  bookingId: string;
  requestId: string;
  reason: string;
}

/** after the visit's time: it took place, or the patient did not come */
export interface RecordOutcome {
  type: 'RecordOutcome';
  bookingId: string;
  outcome: 'completed' | 'no_show';
  now: string;
  timeZone: string;
}

/** "Annulla esito": the outcome withdrawn within OUTCOME_UNDO_HOURS of recording it; the booking is confirmed again */
export interface UndoOutcome {
  type: 'UndoOutcome';
  bookingId: string;
  now: string;
}

/** PayPal holds this booking's capture for review: "pagamento in verifica", the hold stays until it settles; once */
export interface MarkPaymentInReview {
  type: 'MarkPaymentInReview';
  bookingId: string;
  orderId: string;
}

export type BookingCommand =
  | MarkPaymentInReview
  | StartHold
  | EndHold
  | ConfirmBooking
  | CancelBooking
  | SettleCancellation
  | RequestReschedule
  | CompleteReschedule
  | AbandonReschedule
  | RecordOutcome
  | UndoOutcome;

export const ALREADY_CANCELLED_MESSAGE = 'La prenotazione è già stata annullata.';
export const PAST_VISIT_MESSAGE = 'L’orario della visita è già passato: non si può più annullare né spostare.';
export const RESCHEDULE_PENDING_MESSAGE = 'È in corso uno spostamento di questa prenotazione: riprova tra qualche istante.';
export const AFTER_CUTOFF_RESCHEDULE_MESSAGE =
  'Non si può più spostare la visita: il termine per le modifiche è passato. Puoi ancora annullarla, senza rimborso.';

export const initialState = (): BookingState => ({ status: 'none' });

export function evolve(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingHeld': {
      const { bookingId, patientId, doctorId, slotId, start, end, expiresAt } = event.data;
      return { status: 'held', booking: { bookingId, patientId, doctorId, slotId, start, end }, expiresAt };
    }
    case 'BookingHoldEnded':
      return { status: 'ended', reason: event.data.reason };
    case 'BookingPaymentInReview':
      return state.status === 'held' ? { ...state, inReview: event.data.orderId } : state;
    case 'BookingConfirmed':
      return state.status === 'held' ? { status: 'confirmed', booking: state.booking, orderId: event.data.orderId, sequence: 0, pending: null } : state;
    case 'BookingCancelled':
      return state.status === 'confirmed'
        ? { status: 'cancelled', booking: state.booking, orderId: state.orderId, refund: event.data.refund, settled: false }
        : state;
    case 'BookingCancellationSettled':
      return state.status === 'cancelled' ? { ...state, settled: true } : state;
    case 'BookingRescheduleRequested':
      return state.status === 'confirmed' ? { ...state, pending: event.data } : state;
    case 'BookingRescheduleAbandoned':
      return state.status === 'confirmed' ? { ...state, pending: null } : state;
    case 'BookingRescheduled': {
      if (state.status !== 'confirmed') return state;
      const { slotId, start, end, sequence } = event.data;
      return { ...state, booking: { ...state.booking, slotId, start, end }, sequence, pending: null };
    }
    case 'BookingOutcomeRecorded':
      return state.status === 'confirmed'
        ? { status: 'concluded', booking: state.booking, orderId: state.orderId, outcome: event.data.outcome, at: event.data.at, sequence: state.sequence }
        : state;
    case 'BookingOutcomeUndone':
      return state.status === 'concluded'
        ? { status: 'confirmed', booking: state.booking, orderId: state.orderId, sequence: state.sequence ?? 0, pending: null }
        : state;
  }
}

const visitAt = (booking: BookingInfo, timeZone: string) => practiceInstant(booking.start, timeZone).getTime();
const visitEndsAt = (booking: BookingInfo, timeZone: string) => practiceInstant(booking.end, timeZone).getTime();

export const OUTCOME_TOO_EARLY_MESSAGE = 'La visita non è ancora avvenuta per intero: l’esito si registra dopo la fine della visita.';
export const NO_OUTCOME_MESSAGE = 'Questa visita non ha un esito da annullare.';
export const UNDO_TOO_LATE_MESSAGE = `Sono passate più di ${OUTCOME_UNDO_HOURS} ore da quando l’esito è stato registrato: non si può più annullare.`;

/** the states after payment, and what each refuses a change with */
function refuseUnlessConfirmed(state: BookingState): asserts state is Extract<BookingState, { status: 'confirmed' }> {
  switch (state.status) {
    case 'confirmed':
      return;
    case 'cancelled':
      throw new ConflictError(ALREADY_CANCELLED_MESSAGE, 'prenotazione_gia_annullata');
    case 'concluded':
      throw new ConflictError('L’esito della visita è già stato registrato: la prenotazione non si può più cambiare.', 'visita_conclusa');
    default:
      throw new ConflictError('La prenotazione non è confermata.', 'prenotazione_non_confermata');
  }
}

export function decide(command: BookingCommand, state: BookingState): BookingEvent[] {
  switch (command.type) {
    case 'StartHold':
      if (state.status !== 'none') throw new ConflictError('Questa prenotazione esiste già.', 'prenotazione_esistente');
      return [{ type: 'BookingHeld', data: command.hold }];
    case 'EndHold':
      if (state.status !== 'held') return [];
      if (command.reason === 'expired' && (state.inReview || Date.parse(state.expiresAt) > Date.parse(command.now))) return [];
      return [{ type: 'BookingHoldEnded', data: { bookingId: command.bookingId, reason: command.reason } }];
    case 'MarkPaymentInReview':
      if (state.status !== 'held') throw new ConflictError('La prenotazione non è più in attesa di pagamento.', 'prenotazione_non_in_attesa');
      if (state.inReview === command.orderId) return [];
      return [{ type: 'BookingPaymentInReview', data: { bookingId: command.bookingId, orderId: command.orderId } }];
    case 'ConfirmBooking':
      if ((state.status === 'confirmed' || state.status === 'cancelled' || state.status === 'concluded') && state.orderId === command.orderId) return [];
      if (state.status !== 'held') throw new ConflictError('La prenotazione non è più in attesa di pagamento.', 'prenotazione_non_in_attesa');
      return [{ type: 'BookingConfirmed', data: { bookingId: command.bookingId, orderId: command.orderId } }];
    case 'CancelBooking': {
      refuseUnlessConfirmed(state);
      if (state.pending) throw new ConflictError(RESCHEDULE_PENDING_MESSAGE, 'spostamento_in_corso');
      const policy = cancellationPolicy(visitAt(state.booking, command.timeZone), Date.parse(command.now), command.cutoffHours, command.by);
      if (policy.past) throw new ConflictError(PAST_VISIT_MESSAGE, 'visita_passata');
      const { bookingId, patientId, doctorId, slotId, start, end } = state.booking;
      return [
        {
          type: 'BookingCancelled',
          data: { bookingId, patientId, doctorId, slotId, start, end, by: command.by, reason: command.reason, refund: policy.refund, at: command.now },
        },
      ];
    }
    case 'SettleCancellation':
      if (state.status !== 'cancelled') throw new ConflictError('La prenotazione non è annullata.', 'prenotazione_non_annullata');
      if (state.settled) return [];
      return [{ type: 'BookingCancellationSettled', data: { bookingId: command.bookingId, refundId: command.refundId } }];
    case 'RequestReschedule': {
      refuseUnlessConfirmed(state);
      if (state.pending) throw new ConflictError(RESCHEDULE_PENDING_MESSAGE, 'spostamento_in_corso');
      const policy = cancellationPolicy(visitAt(state.booking, command.timeZone), Date.parse(command.now), command.cutoffHours, command.by);
      if (policy.past) throw new ConflictError(PAST_VISIT_MESSAGE, 'visita_passata');
      if (!policy.canReschedule) throw new ConflictError(AFTER_CUTOFF_RESCHEDULE_MESSAGE, 'termine_superato');
      const { bookingId, patientId, doctorId, slotId: fromSlotId, start: fromStart, end: fromEnd } = state.booking;
      if (command.slotId === fromSlotId) throw new ConflictError('La visita è già in questo orario.', 'stesso_orario');
      const { requestId, slotId, start, end, by, locationId } = command;
      return [
        {
          type: 'BookingRescheduleRequested',
          data: {
            bookingId,
            requestId,
            patientId,
            doctorId,
            orderId: state.orderId,
            fromSlotId,
            fromStart,
            fromEnd,
            slotId,
            start,
            end,
            ...(locationId !== undefined ? { locationId } : {}),
            by,
            at: command.now,
          },
        },
      ];
    }
    case 'CompleteReschedule': {
      if (state.status !== 'confirmed' || state.pending?.requestId !== command.requestId) return [];
      const p = state.pending;
      return [
        {
          type: 'BookingRescheduled',
          data: {
            bookingId: p.bookingId,
            patientId: p.patientId,
            doctorId: p.doctorId,
            fromSlotId: p.fromSlotId,
            fromStart: p.fromStart,
            fromEnd: p.fromEnd,
            slotId: p.slotId,
            start: p.start,
            end: p.end,
            ...(p.locationId !== undefined ? { locationId: p.locationId } : {}),
            sequence: state.sequence + 1,
            by: p.by,
            at: p.at,
          },
        },
      ];
    }
    case 'AbandonReschedule':
      if (state.status !== 'confirmed' || state.pending?.requestId !== command.requestId) return [];
      return [{ type: 'BookingRescheduleAbandoned', data: { bookingId: command.bookingId, requestId: command.requestId, reason: command.reason } }];
    case 'RecordOutcome': {
      if (state.status === 'concluded') {
        if (state.outcome === command.outcome) return [];
        throw new ConflictError('L’esito di questa visita è già stato registrato.', 'esito_gia_registrato');
      }
      refuseUnlessConfirmed(state);
      // only once the visit is over: a 60-minute visit at 9:00 gets its outcome from 10:00
      if (visitEndsAt(state.booking, command.timeZone) > Date.parse(command.now)) {
        throw new ConflictError(OUTCOME_TOO_EARLY_MESSAGE, 'visita_non_ancora_avvenuta');
      }
      if (state.pending) throw new ConflictError(RESCHEDULE_PENDING_MESSAGE, 'spostamento_in_corso');
      const { bookingId, patientId, doctorId } = state.booking;
      return [{ type: 'BookingOutcomeRecorded', data: { bookingId, patientId, doctorId, outcome: command.outcome, at: command.now } }];
    }
    case 'UndoOutcome': {
      if (state.status === 'confirmed') throw new ConflictError(NO_OUTCOME_MESSAGE, 'esito_non_registrato');
      if (state.status !== 'concluded') {
        refuseUnlessConfirmed(state);
        throw new ConflictError(NO_OUTCOME_MESSAGE, 'esito_non_registrato');
      }
      if (state.at !== undefined && Date.parse(command.now) - Date.parse(state.at) > OUTCOME_UNDO_HOURS * 3_600_000) {
        throw new ConflictError(UNDO_TOO_LATE_MESSAGE, 'annullamento_esito_scaduto');
      }
      const { bookingId, patientId, doctorId } = state.booking;
      return [{ type: 'BookingOutcomeUndone', data: { bookingId, patientId, doctorId, outcome: state.outcome, at: command.now } }];
    }
  }
}

export const bookingDecider = { initialState, evolve, decide };
