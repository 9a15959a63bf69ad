// The time arithmetic of a doctor's day: 30-minute slots, visit lengths, working hours.
import { SLOT_MINUTES, canonicalSlotStart, type WorkingHours } from '@studio/contracts';
import { ValidationError } from '../../../platform/common/errors';

const pad = (n: number) => String(n).padStart(2, '0');
export const slotEnd = (start: string) => new Date(Date.parse(start) + SLOT_MINUTES * 60_000).toISOString();

/** the canonical starts of the 30-minute slots of [start, end) (one slot when end is not after start) */
export function slotStartsOf(start: string, end: string): string[] {
  const first = Date.parse(canonicalSlotStart(start));
  const count = Math.max(1, Math.ceil((Date.parse(end) - first) / (SLOT_MINUTES * 60_000)));
  return Array.from({ length: count }, (_, i) => canonicalSlotStart(new Date(first + i * SLOT_MINUTES * 60_000).toISOString()));
}

export const plusMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** the visit lengths a booking may have: whole slots, one to three */
export const VISIT_MINUTES = [30, 60, 90] as const;

/** whether a slot starting at this (wall-clock, UTC-written) instant lies inside the hours */
export function inWorkingHours(start: Date, hours: WorkingHours): boolean {
  const startMinute = start.getUTCHours() * 60 + start.getUTCMinutes();
  return startMinute >= hours.startHour * 60 && startMinute + SLOT_MINUTES <= hours.endHour * 60;
}

/** checks that a [start, end) pair is one slot inside the working hours; returns canonical strings */
export function validateSlot(start: string, end: string, hours: WorkingHours): { start: string; end: string } {
  const s = new Date(start);
  const e = new Date(end);
  if (Number.isNaN(s.getTime()) || Number.isNaN(e.getTime())) throw new ValidationError('Data non valida.', 'data_non_valida');
  if (s.getUTCSeconds() !== 0 || s.getUTCMilliseconds() !== 0 || s.getUTCMinutes() % SLOT_MINUTES !== 0) {
    throw new ValidationError('L’inizio deve cadere all’ora esatta o alla mezz’ora.', 'inizio_non_allineato');
  }
  if (e.getTime() - s.getTime() !== SLOT_MINUTES * 60_000) {
    throw new ValidationError(`La fine deve essere ${SLOT_MINUTES} minuti dopo l’inizio.`, 'durata_non_valida');
  }
  if (!inWorkingHours(s, hours)) {
    throw new ValidationError(`Lo slot è fuori dall’orario di lavoro (${pad(hours.startHour)}:00–${pad(hours.endHour)}:00).`, 'fuori_orario');
  }
  return { start: canonicalSlotStart(start), end: canonicalSlotStart(end) };
}
