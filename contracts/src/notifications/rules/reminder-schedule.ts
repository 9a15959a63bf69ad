import { practiceInstant, practiceWallClock } from '../../platform/practice-time';

/** the practice's quiet hours, wall-clock 'HH:MM' in its zone (21:00 to 08:00 spans midnight) */
export interface QuietHours {
  from: string;
  to: string;
}

export interface ReminderScheduleInput {
  /** the instant the visit was booked (or moved), ms */
  bookedAt: number;
  /** the visit's real instant, ms */
  visitAt: number;
  /** the practice's schedule: reminders this many hours before (48, 24) */
  hoursBefore: number[];
}

export interface PlannedMessage {
  kind: 'confirmation' | 'reminder';
  /** the window this reminder stands for (null: the confirmation) */
  hoursBefore: number | null;
  /** ms */
  dueAt: number;
}

/**
 * What a booking sends and when (the practice's schedule): the confirmation at once; a reminder at each window still
 * ahead; and, for a booking made inside the last window (the visit closer than every reminder), one reminder at once.
 * Windows already passed when a later one is still ahead send nothing: that later one reminds.
 */
export function reminderSchedule(input: ReminderScheduleInput): PlannedMessage[] {
  const windows = [...new Set(input.hoursBefore)].filter((h) => h > 0).sort((a, b) => b - a);
  const planned: PlannedMessage[] = [{ kind: 'confirmation', hoursBefore: null, dueAt: input.bookedAt }];
  if (input.visitAt <= input.bookedAt) return planned;
  const ahead = windows.filter((h) => input.visitAt - h * 3_600_000 > input.bookedAt);
  for (const h of ahead) planned.push({ kind: 'reminder', hoursBefore: h, dueAt: input.visitAt - h * 3_600_000 });
  if (ahead.length === 0 && windows.length > 0) planned.push({ kind: 'reminder', hoursBefore: windows.at(-1)!, dueAt: input.bookedAt });
  return planned;
}

const DAY = 86_400_000;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const wallClockString = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * When a text (SMS, WhatsApp) due at `dueAt` may leave: never inside the quiet hours of the practice's zone, but
 * postponed to their end, unless the visit is before 10:00 of the day after the quiet night began (then at once:
 * waiting until 08:00 would leave the patient too little time). Emails and pushes are not held.
 */
export function outsideQuietHours(dueAt: number, visitAt: number, quiet: QuietHours | null, timeZone: string): number {
  if (!quiet) return dueAt;
  const wall = practiceWallClock(dueAt, timeZone);
  const day = Math.floor(wall / DAY) * DAY;
  const minute = Math.floor((wall - day) / 60_000);
  const from = minutes(quiet.from);
  const to = minutes(quiet.to);
  const spansMidnight = from > to;
  const quietNow = spansMidnight ? minute >= from || minute < to : minute >= from && minute < to;
  if (!quietNow) return dueAt;
  // the calendar day the quiet night began on, and the morning it ends
  const nightStart = spansMidnight && minute < to ? day - DAY : day;
  const morning = spansMidnight ? nightStart + DAY : nightStart;
  const visitWall = practiceWallClock(visitAt, timeZone);
  if (visitWall < nightStart + DAY + 10 * 3_600_000) return dueAt;
  return practiceInstant(wallClockString(morning + to * 60_000), timeZone).getTime();
}
