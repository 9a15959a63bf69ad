import { SLOT_MINUTES, canonicalSlotStart, slotId, type HoldEndReason, type WorkingHours, practiceInstant } from '@studio/contracts';
import { ConflictError, ValidationError } from '../../../platform/common/errors';
import { VISIT_MINUTES, inWorkingHours, plusMinutes, slotEnd, slotStartsOf, validateSlot } from './slot-times';
import { doctorDayOf, initialState, evolve, type AvailabilityEvent, type DoctorDay } from './availability-state';
import { syncExternalBusy, type SyncExternalBusy } from './external-busy';

export { doctorDayOf, initialState, evolve, type AvailabilityEvent, type DoctorDay, type SlotState } from './availability-state';
export { type SyncExternalBusy } from './external-busy';

export interface ToggleSlot {
  type: 'ToggleSlot';
  doctorId: string;
  start: string;
  end: string;
  /** read from the doctor's profile by the caller: decide stays pure */
  workingHours: WorkingHours;
  /**
   * the status the toggle was meant to change: a slot found otherwise was changed by someone else since (409). With it,
   * the decision depends on this slot only, so a toggle that lost its append to another slot's write is decided again.
   */
  seen?: 'available' | 'unavailable';
}

export const SLOT_CHANGED_MESSAGE = 'Il calendario è stato modificato nel frattempo: ricarica e riprova.';

/** keep the slot for a patient until expiresAt; `now` and `timeZone` tell whether the slot is past */
export interface HoldSlot {
  type: 'HoldSlot';
  doctorId: string;
  start: string;
  bookingId: string;
  patientId: string;
  /** ISO instants */
  now: string;
  expiresAt: string;
  /** the practice's IANA zone: slot starts are its wall-clock times */
  timeZone: string;
  /** the doctor's current hours: a slot opened before they were shortened is no longer offered */
  workingHours: WorkingHours;
  /** the visit's length (30, 60, 90): every slot it covers is held in the one append; 30 when absent */
  minutes?: number;
  /** the pause the visit needs after it: the slot(s) it reaches must not be another patient's */
  bufferMinutes?: number;
}

/** ends the hold of that booking only (every slot it holds that day); an 'expired' release only once the hold really ran out */
export interface ReleaseHold {
  type: 'ReleaseHold';
  doctorId: string;
  start: string;
  bookingId: string;
  reason: HoldEndReason;
  now: string;
}

/** a paid order turns this booking's hold (every slot it holds that day) into a booking; only while the hold has not run out */
export interface BookSlot {
  type: 'BookSlot';
  doctorId: string;
  start: string;
  bookingId: string;
  patientId: string;
  orderId: string;
  now: string;
}

/** a cancelled or moved booking gives its slot back; only the booking that has it, once */
export interface FreeSlot {
  type: 'FreeSlot';
  doctorId: string;
  start: string;
  bookingId: string;
  cause: 'cancelled' | 'rescheduled';
  /** the end of the visit: every slot of [start, end) this booking has is freed; one slot when absent */
  end?: string;
}

/** a confirmed booking moves into this slot, which must be free (and not begun: `now`, `timeZone`); once */
export interface RebookSlot {
  type: 'RebookSlot';
  doctorId: string;
  start: string;
  bookingId: string;
  patientId: string;
  orderId: string;
  fromSlotId: string;
  now: string;
  timeZone: string;
  /** the end of the visit: every slot of [start, end) must be free; one slot when absent */
  end?: string;
}

/**
 * The availability tools (weekly schedule, whole day, copy of a week, closures): the slots of one day made open or
 * closed at once, in one append, with the same events as the toggles. Held and booked slots are never touched, nor
 * slots already begun; a slot already as wanted changes nothing. Decided on the day as it is, so safe to decide again.
 */
export interface SetDaySlots {
  type: 'SetDaySlots';
  doctorId: string;
  /** 'YYYY-MM-DD': every start below lies on it */
  day: string;
  open: string[];
  close: string[];
  workingHours: WorkingHours;
  now: string;
  timeZone: string;
}

export type AvailabilityCommand = ToggleSlot | HoldSlot | ReleaseHold | BookSlot | FreeSlot | RebookSlot | SetDaySlots | SyncExternalBusy;

export const EXTERNAL_BUSY_MESSAGE = 'Questo orario è occupato nel tuo calendario esterno: liberalo lì e sincronizza.';

export const HOLD_EXPIRED_MESSAGE = 'La prenotazione è scaduta: scegli di nuovo un orario.';

export const SLOT_TAKEN_MESSAGE = 'Questo orario è appena stato preso da un altro paziente: scegline un altro.';

export const BUFFER_TAKEN_MESSAGE = 'Dopo questo orario non resta la pausa necessaria alla visita: scegline un altro.';

export const PREVIOUS_BUFFER_MESSAGE = 'Questo orario cade nella pausa dopo la visita precedente: scegline un altro.';

/**
 * Whether a visit starting at `start` would begin inside the pause (buffer after) of the visit that ends there:
 * the slot just before belongs to another booking whose pause reaches past `start` (a pause is 0–30 minutes, so
 * only the slot just before can reach it). The patient's own hold does not count: holding again replaces it.
 */
export function insidePrecedingBuffer(state: DoctorDay, start: string, patientId?: string, exceptBookingId?: string): boolean {
  const before = state.slots[canonicalSlotStart(new Date(Date.parse(start) - SLOT_MINUTES * 60_000).toISOString())];
  if (!before || (before.status !== 'held' && before.status !== 'booked')) return false;
  // a visit moved right after its own old time: its own pause moves with it
  if (exceptBookingId !== undefined && before.bookingId === exceptBookingId) return false;
  if (before.status === 'held' && patientId !== undefined && before.patientId === patientId) return false;
  return (before.bufferAfter ?? 0) > 0;
}

export { VISIT_MINUTES, inWorkingHours, slotStartsOf, validateSlot } from './slot-times';

function toggle(command: ToggleSlot, state: DoctorDay): AvailabilityEvent[] {
  const { start, end } = validateSlot(command.start, command.end, command.workingHours);
  const data = { doctorId: command.doctorId, slotId: slotId(command.doctorId, start), start, end };
  const current = state.slots[start] ?? { status: 'unavailable' };
  if (command.seen !== undefined && (current.status === 'available' || current.status === 'unavailable') && current.status !== command.seen) {
    throw new ConflictError(SLOT_CHANGED_MESSAGE, 'slot_cambiato');
  }
  switch (current.status) {
    case 'available':
      return [{ type: 'SlotClosed', data }];
    case 'unavailable':
      return [{ type: 'SlotOpened', data }];
    case 'held':
      throw new ConflictError('Lo slot è in attesa di pagamento: non si può cambiare.', 'slot_in_attesa');
    case 'booked':
      throw new ConflictError('Lo slot è prenotato: non si può cambiare.', 'slot_prenotato');
    case 'busy':
      throw new ConflictError(EXTERNAL_BUSY_MESSAGE, 'slot_calendario_esterno');
  }
}

function hold(command: HoldSlot, state: DoctorDay): AvailabilityEvent[] {
  const minutes = command.minutes ?? SLOT_MINUTES;
  if (!(VISIT_MINUTES as readonly number[]).includes(minutes))
    throw new ValidationError('Durata della visita non valida: 30, 60 o 90 minuti.', 'durata_non_valida');
  const first = validateSlot(command.start, slotEnd(command.start), command.workingHours);
  if (practiceInstant(first.start, command.timeZone).getTime() <= Date.parse(command.now)) {
    throw new ValidationError('Questo orario è già passato: scegline un altro.', 'slot_passato');
  }
  const starts = slotStartsOf(first.start, plusMinutes(first.start, minutes));
  if (minutes > SLOT_MINUTES && doctorDayOf(starts[starts.length - 1]) !== doctorDayOf(first.start)) {
    throw new ConflictError('La visita non sta in questa giornata: scegli un orario più presto.', 'visita_fuori_orario');
  }
  for (const start of starts) {
    if (minutes > SLOT_MINUTES && !inWorkingHours(new Date(start), command.workingHours)) {
      throw new ConflictError('La visita finirebbe fuori dall’orario di lavoro: scegli un orario più presto.', 'visita_fuori_orario');
    }
    const current = state.slots[start] ?? { status: 'unavailable' };
    switch (current.status) {
      case 'unavailable':
      case 'busy':
        throw new ConflictError(
          start === first.start ? 'Questo orario non è disponibile.' : 'La visita non sta in questo orario: uno dei suoi slot non è libero.',
          'slot_non_disponibile',
        );
      case 'booked':
        throw new ConflictError(SLOT_TAKEN_MESSAGE, 'slot_occupato');
      case 'held':
        if (current.patientId === command.patientId && start === first.start) {
          throw new ConflictError('Hai già riservato questo orario: completa la prenotazione.', 'slot_gia_tuo');
        }
        throw new ConflictError(SLOT_TAKEN_MESSAGE, 'slot_occupato');
      case 'available':
        break;
    }
  }
  if (insidePrecedingBuffer(state, first.start, command.patientId)) throw new ConflictError(PREVIOUS_BUFFER_MESSAGE, 'pausa_precedente');
  const visitEnd = plusMinutes(first.start, minutes);
  if (command.bufferMinutes && command.bufferMinutes > 0) {
    for (const after of slotStartsOf(visitEnd, plusMinutes(visitEnd, command.bufferMinutes))) {
      const status = state.slots[after]?.status;
      if (status === 'held' || status === 'booked') throw new ConflictError(BUFFER_TAKEN_MESSAGE, 'pausa_occupata');
    }
  }
  const { doctorId, bookingId, patientId, expiresAt } = command;
  return starts.map((start) => ({
    type: 'SlotHeld' as const,
    data: {
      doctorId,
      slotId: slotId(doctorId, start),
      start,
      end: canonicalSlotStart(slotEnd(start)),
      bookingId,
      patientId,
      expiresAt,
      ...(command.bufferMinutes ? { bufferMinutes: command.bufferMinutes } : {}),
    },
  }));
}

/** the starts of the day's slots this booking has in that status, in order */
const slotsOfBooking = (state: DoctorDay, bookingId: string, status: 'held' | 'booked') =>
  Object.entries(state.slots)
    .filter(([, slot]) => slot.status === status && slot.bookingId === bookingId)
    .map(([start]) => start)
    .sort();

function release(command: ReleaseHold, state: DoctorDay): AvailabilityEvent[] {
  const { doctorId, bookingId, reason } = command;
  // another booking's hold, or none: nothing of ours to release
  const starts = slotsOfBooking(state, bookingId, 'held');
  if (starts.length === 0) return [];
  const first = state.slots[starts[0]];
  if (first.status === 'held' && command.reason === 'expired' && Date.parse(first.expiresAt) > Date.parse(command.now)) return [];
  return starts.map((start) => ({
    type: 'SlotHoldReleased' as const,
    data: { doctorId, slotId: slotId(doctorId, start), start, end: canonicalSlotStart(slotEnd(start)), bookingId, reason },
  }));
}

function book(command: BookSlot, state: DoctorDay): AvailabilityEvent[] {
  const start = canonicalSlotStart(command.start);
  const current = state.slots[start];
  // a retried confirmation of the same booking changes nothing
  if (current?.status === 'booked' && current.bookingId === command.bookingId) return [];
  if (current?.status !== 'held' || current.bookingId !== command.bookingId || current.patientId !== command.patientId) {
    throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');
  }
  if (Date.parse(current.expiresAt) <= Date.parse(command.now)) throw new ConflictError(HOLD_EXPIRED_MESSAGE, 'prenotazione_scaduta');
  const { doctorId, bookingId, patientId, orderId } = command;
  // every slot of the visit, taken together
  return slotsOfBooking(state, bookingId, 'held').map((s) => ({
    type: 'SlotBooked' as const,
    data: { doctorId, slotId: slotId(doctorId, s), start: s, end: canonicalSlotStart(slotEnd(s)), bookingId, patientId, orderId },
  }));
}

function free(command: FreeSlot, state: DoctorDay): AvailabilityEvent[] {
  const { doctorId, bookingId, cause } = command;
  // already freed, or booked by someone else since: nothing of this booking's left there
  return slotStartsOf(command.start, command.end ?? slotEnd(command.start))
    .filter((start) => {
      const current = state.slots[start];
      return current?.status === 'booked' && current.bookingId === bookingId;
    })
    .map((start) => ({
      type: 'SlotFreed' as const,
      data: { doctorId, slotId: slotId(doctorId, start), start, end: canonicalSlotStart(slotEnd(start)), bookingId, cause },
    }));
}

function rebook(command: RebookSlot, state: DoctorDay): AvailabilityEvent[] {
  const first = canonicalSlotStart(command.start);
  const starts = slotStartsOf(first, command.end ?? slotEnd(first));
  const mine = (start: string) => {
    const current = state.slots[start];
    return current?.status === 'booked' && current.bookingId === command.bookingId;
  };
  if (starts.every(mine)) return [];
  if (practiceInstant(first, command.timeZone).getTime() <= Date.parse(command.now)) {
    throw new ValidationError('Questo orario è già passato: scegline un altro.', 'slot_passato');
  }
  for (const start of starts) {
    const current = state.slots[start] ?? { status: 'unavailable' };
    if (current.status === 'unavailable' || current.status === 'busy') throw new ConflictError('Questo orario non è disponibile.', 'slot_non_disponibile');
    if (current.status !== 'available') throw new ConflictError(SLOT_TAKEN_MESSAGE, 'slot_occupato');
  }
  if (insidePrecedingBuffer(state, first, undefined, command.bookingId)) throw new ConflictError(PREVIOUS_BUFFER_MESSAGE, 'pausa_precedente');
  const { doctorId, bookingId, patientId, orderId, fromSlotId } = command;
  return starts.map((start) => ({
    type: 'SlotRebooked' as const,
    data: { doctorId, slotId: slotId(doctorId, start), start, end: canonicalSlotStart(slotEnd(start)), bookingId, patientId, orderId, fromSlotId },
  }));
}

function setDay(command: SetDaySlots, state: DoctorDay): AvailabilityEvent[] {
  const { doctorId, day } = command;
  const wanted = new Map<string, 'available' | 'unavailable'>();
  for (const [starts, status] of [
    [command.open, 'available'],
    [command.close, 'unavailable'],
  ] as const) {
    for (const raw of starts) {
      const { start } = validateSlot(raw, slotEnd(raw), command.workingHours);
      if (doctorDayOf(start) !== day) throw new ValidationError(`L’orario ${start} non è del giorno ${day}.`, 'giorno_non_valido');
      if (wanted.has(start) && wanted.get(start) !== status)
        throw new ValidationError(`L’orario ${start} è sia da aprire sia da chiudere.`, 'orari_in_conflitto');
      wanted.set(start, status);
    }
  }
  const events: AvailabilityEvent[] = [];
  for (const [start, status] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
    if (practiceInstant(start, command.timeZone).getTime() <= Date.parse(command.now)) continue;
    const current = state.slots[start]?.status ?? 'unavailable';
    // a slot busy in the external calendar keeps what it goes back to: the tools change that, not the slot itself
    if (current === 'busy') continue;
    if (current === status || current === 'held' || current === 'booked') continue;
    const data = { doctorId, slotId: slotId(doctorId, start), start, end: canonicalSlotStart(slotEnd(start)) };
    events.push(status === 'available' ? { type: 'SlotOpened', data } : { type: 'SlotClosed', data });
  }
  return events;
}

export function decide(command: AvailabilityCommand, state: DoctorDay): AvailabilityEvent[] {
  switch (command.type) {
    case 'SyncExternalBusy':
      return syncExternalBusy(command, state);
    case 'SetDaySlots':
      return setDay(command, state);
    case 'ToggleSlot':
      return toggle(command, state);
    case 'HoldSlot':
      return hold(command, state);
    case 'ReleaseHold':
      return release(command, state);
    case 'BookSlot':
      return book(command, state);
    case 'FreeSlot':
      return free(command, state);
    case 'RebookSlot':
      return rebook(command, state);
  }
}

export const availabilityDecider = { initialState, evolve, decide };
