import { canonicalSlotStart, practiceInstant, slotId } from '@studio/contracts';
import { ValidationError } from '../../../platform/common/errors';
import { doctorDayOf, type AvailabilityEvent, type DoctorDay } from './availability-state';
import { slotEnd } from './slot-times';

/**
 * The doctor's external calendar for one day, as the last sync read it: the slots it covers are closed to patients
 * (busy), the ones it no longer covers go back to what they were. A held or booked slot is never touched (the sync
 * reports it as a conflict), nor a slot already begun. Decided on the day as it is, so safe to decide again.
 */
export interface SyncExternalBusy {
  type: 'SyncExternalBusy';
  doctorId: string;
  /** 'YYYY-MM-DD': every start below lies on it */
  day: string;
  /** the slot starts (practice wall clock) the external calendar covers on that day */
  busy: string[];
  now: string;
  timeZone: string;
}

export function syncExternalBusy(command: SyncExternalBusy, state: DoctorDay): AvailabilityEvent[] {
  const { doctorId, day } = command;
  const busy = new Set(command.busy.map(canonicalSlotStart));
  for (const start of busy) if (doctorDayOf(start) !== day) throw new ValidationError(`L’orario ${start} non è del giorno ${day}.`, 'giorno_non_valido');
  const begun = (start: string) => practiceInstant(start, command.timeZone).getTime() <= Date.parse(command.now);
  const data = (start: string) => ({ doctorId, slotId: slotId(doctorId, start), start, end: canonicalSlotStart(slotEnd(start)) });
  const events: AvailabilityEvent[] = [];
  const starts = new Set([...busy, ...Object.keys(state.slots).filter((start) => doctorDayOf(start) === day)]);
  for (const start of [...starts].sort()) {
    if (begun(start)) continue;
    const current = state.slots[start] ?? { status: 'unavailable' as const };
    if (busy.has(start) && (current.status === 'available' || current.status === 'unavailable')) {
      events.push({ type: 'SlotBusyExternally', data: { ...data(start), previous: current.status } });
    } else if (!busy.has(start) && current.status === 'busy') {
      events.push({ type: 'SlotExternalBusyEnded', data: { ...data(start), restored: current.previous } });
    }
  }
  return events;
}
