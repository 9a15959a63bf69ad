// the days of the diary: weeks from Monday, as the server's adherence figure counts them

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** today in the browser's own calendar (the patient writes what they ate where they are) */
export function localToday(now = new Date()): string {
  return isoDay(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/** the Monday and the Sunday of the week of `day`, `offset` weeks away */
export function weekOf(day: string, offset = 0): { from: string; to: string } {
  const ms = Date.parse(`${day}T00:00:00Z`);
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY + offset * 7 * DAY;
  return { from: isoDay(monday), to: isoDay(monday + 6 * DAY) };
}
