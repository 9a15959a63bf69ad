import { SLOT_MINUTES, canonicalSlotStart, slotId, type EventData, type WorkingHours } from '@studio/contracts';
import { ConflictError, ValidationError } from '../common/errors';

/** One doctor-day stream: `availability-<doctorId>-<yyyy-mm-dd>`. */
export type AvailabilityEvent =
  | { type: 'SlotOpened'; data: EventData<'SlotOpened'> }
  | { type: 'SlotClosed'; data: EventData<'SlotClosed'> };

/** a slot with no event is not available; held and booked arrive with the booking journey */
export type SlotState = { status: 'available' } | { status: 'unavailable' };

export interface DoctorDay {
  slots: Record<string, SlotState>;
}

export interface ToggleSlot {
  type: 'ToggleSlot';
  doctorId: string;
  start: string;
  end: string;
  /** read from the doctor's profile by the caller: decide stays pure */
  workingHours: WorkingHours;
}

export type AvailabilityCommand = ToggleSlot;

export const initialState = (): DoctorDay => ({ slots: {} });

export function evolve(state: DoctorDay, event: AvailabilityEvent): DoctorDay {
  switch (event.type) {
    case 'SlotOpened':
      return { slots: { ...state.slots, [event.data.start]: { status: 'available' } } };
    case 'SlotClosed':
      return { slots: { ...state.slots, [event.data.start]: { status: 'unavailable' } } };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** checks that a [start, end) pair is one slot inside the working hours; returns canonical strings */
export function validateSlot(start: string, end: string, hours: WorkingHours): { start: string; end: string } {
  const s = new Date(start);
  const e = new Date(end);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) throw new ValidationError('Data non valida.', 'data_non_valida');
  if (s.getUTCSeconds() !== 0 || s.getUTCMilliseconds() !== 0 || s.getUTCMinutes() % SLOT_MINUTES !== 0) {
    throw new ValidationError("L'inizio deve cadere all'ora esatta o alla mezz'ora.", 'inizio_non_allineato');
  }
  if (e.getTime() - s.getTime() !== SLOT_MINUTES * 60_000) {
    throw new ValidationError(`La fine deve essere ${SLOT_MINUTES} minuti dopo l'inizio.`, 'durata_non_valida');
  }
  const startMinute = s.getUTCHours() * 60 + s.getUTCMinutes();
  if (startMinute < hours.startHour * 60 || startMinute + SLOT_MINUTES > hours.endHour * 60) {
    throw new ValidationError(
      `Lo slot è fuori dall'orario di lavoro (${pad(hours.startHour)}:00–${pad(hours.endHour)}:00).`,
      'fuori_orario',
    );
  }
  return { start: canonicalSlotStart(start), end: canonicalSlotStart(end) };
}

export function decide(command: AvailabilityCommand, state: DoctorDay): AvailabilityEvent[] {
  const { start, end } = validateSlot(command.start, command.end, command.workingHours);
  const data = { doctorId: command.doctorId, slotId: slotId(command.doctorId, start), start, end };
  const current = state.slots[start] ?? { status: 'unavailable' };
  switch (current.status) {
    case 'available':
      return [{ type: 'SlotClosed', data }];
    case 'unavailable':
      return [{ type: 'SlotOpened', data }];
    default: {
      const never: never = current;
      throw new ConflictError(`Stato dello slot sconosciuto: ${JSON.stringify(never)}`);
    }
  }
}

export const availabilityDecider = { initialState, evolve, decide };

/** the stream a slot belongs to: its UTC (wall-clock) day */
export function doctorDayOf(start: string): string {
  return canonicalSlotStart(start).slice(0, 10);
}
