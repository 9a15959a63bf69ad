/**
 * Slots are the practice's wall-clock times written as UTC strings ('…T09:00:00Z' = 09:00 at the
 * practice). Where a real instant is needed (is the slot past?), this turns one into the other
 * for the practice's IANA zone, with Intl only (no tz library is installed). Shared by the backend
 * and the browser, so both read the practice's clock the same way.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** the zone's offset from UTC at an instant, in ms (Europe/Rome: +1 h in winter, +2 h in summer) */
function offsetAt(instant: number, timeZone: string): number {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** the practice's wall-clock time at an instant, written as UTC like the slots (10:15 in Rome is 10:15Z), whole seconds */
export function practiceWallClock(instant: number, timeZone: string): number {
  return Math.floor(instant / 1000) * 1000 + offsetAt(instant, timeZone);
}

/**
 * The real instant of a wall-clock time. The second pass fixes the guess across a DST change; a
 * time skipped by the spring change lands an hour later, an ambiguous autumn time on its second
 * occurrence.
 */
export function practiceInstant(wallClock: string, timeZone: string): Date {
  const wall = Date.parse(wallClock);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** the practice's calendar day ('YYYY-MM-DD') at an instant */
export function practiceDay(instant: Date, timeZone: string): string {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}
