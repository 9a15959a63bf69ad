// The diary's weekly adherence figure, per week from Monday, over the days of the range up to today: on a day with a
// plan in force, the meals logged of the plan's meals of that weekday (those with at least one row: a meal the plan
// leaves empty is not expected, and logging it does not count); on a day without a plan, the meals logged of the five
// a day the diary asks for. Two entries of the same meal on the same day count once: the figure says how many of the
// expected meals were logged, not how many entries.

/** what the figure reads of an entry (declared here: a rule does not import the contracts that use it) */
export interface AdherenceEntry {
  date: string;
  meal: string;
}
export interface WeekAdherence {
  weekStart: string;
  mealsLogged: number;
  mealsExpected: number;
  percent: number;
  /** how many of the week's days had a plan in force (their expected meals are the plan's) */
  daysWithPlan: number;
}

/** the meals a plan expects on a date, or null when no plan was in force that day */
export type PlannedMeals = (date: string) => readonly string[] | null;

export const FIVE_MEALS = ['colazione', 'spuntino', 'pranzo', 'merenda', 'cena'] as const;

const DAY = 86_400_000;

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** the Monday of the week of `date` */
export function weekStartOf(date: string): string {
  const ms = dayOf(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return isoDay(ms - weekday * DAY);
}

/** per week touching [from, to], oldest first; days after `today` are not expected yet */
export function weeklyAdherence(entries: AdherenceEntry[], from: string, to: string, today: string, planned: PlannedMeals = () => null): WeekAdherence[] {
  const last = to < today ? to : today;
  const loggedOn = new Map<string, Set<string>>();
  for (const e of entries) {
    if (e.date < from || e.date > last) continue;
    if (!loggedOn.has(e.date)) loggedOn.set(e.date, new Set());
    loggedOn.get(e.date)!.add(e.meal);
  }
  const weeks: WeekAdherence[] = [];
  for (let start = dayOf(weekStartOf(from)); start <= dayOf(last); start += 7 * DAY) {
    let mealsExpected = 0;
    let mealsLogged = 0;
    let daysWithPlan = 0;
    for (let d = Math.max(start, dayOf(from)); d < start + 7 * DAY && d <= dayOf(last); d += DAY) {
      const date = isoDay(d);
      const plan = planned(date);
      if (plan) daysWithPlan++;
      const expected = plan ?? FIVE_MEALS;
      const logged = loggedOn.get(date);
      mealsExpected += expected.length;
      mealsLogged += expected.filter((meal) => logged?.has(meal)).length;
    }
    weeks.push({
      weekStart: isoDay(start),
      mealsLogged,
      mealsExpected,
      percent: mealsExpected ? Math.round((mealsLogged / mealsExpected) * 100) : 0,
      daysWithPlan,
    });
  }
  return weeks;
}
