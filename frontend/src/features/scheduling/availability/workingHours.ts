import type { WorkingHours } from '@studio/contracts';
import * as it from '../../../i18n/it';

export type WorkingHoursInput = { startHour: string | number; endHour: string | number };
export type WorkingHoursErrors = Partial<Record<keyof WorkingHours, string>>;
export type WorkingHoursCheck = { ok: true; value: WorkingHours } | { ok: false; errors: WorkingHoursErrors };

export const START_HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h); // 0–23
export const END_HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h + 1); // 1–24

function wholeHour(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  return Number(text);
}

/** the same rules as the server (contracts WorkingHours): whole hours, start 0–23, end 1–24, end after start */
export function validateWorkingHours(input: WorkingHoursInput): WorkingHoursCheck {
  const errors: WorkingHoursErrors = {};
  const startHour = wholeHour(input.startHour);
  const endHour = wholeHour(input.endHour);
  if (startHour === null || startHour < 0 || startHour > 23) errors.startHour = it.workingHours.startInvalid;
  if (endHour === null || endHour < 1 || endHour > 24) errors.endHour = it.workingHours.endInvalid;
  if (!errors.startHour && !errors.endHour && (endHour as number) <= (startHour as number)) {
    errors.endHour = it.workingHours.endBeforeStart;
  }
  if (errors.startHour || errors.endHour) return { ok: false, errors };
  return { ok: true, value: { startHour: startHour as number, endHour: endHour as number } };
}
