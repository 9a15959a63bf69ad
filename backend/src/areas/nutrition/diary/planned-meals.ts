import { MEALS, practiceDay, upcastDietContent, weekOf, weekdayOfDate, type DietContent, type PlannedMeals } from '@studio/contracts';
import type { Ports } from '../../../platform/kernel/ports';
import { dietRevisionsReadModel } from '../diet';

const DAY = 86_400_000;

/**
 * The meals the patient's plan expected on each day from `from` to `to`, for the diary's adherence: the plan in force on
 * a date is the last one saved by the end of that day (the practice's day), and its day for that weekday (a weekday the
 * plan leaves out follows the plan day before it); a meal with at least one row is expected. Null on a day before any
 * plan. The plans are opened here, once each, so that the figure's rule stays synchronous.
 */
export async function plannedMeals(
  ports: Pick<Ports, 'readModels' | 'personalData' | 'config'>,
  patientId: string,
  from: string,
  to: string,
): Promise<PlannedMeals> {
  const revisions = (
    await dietRevisionsReadModel.find(ports.readModels, { patient_id: patientId }, { orderBy: [{ column: 'revision', direction: 'desc' }] })
  ).map((d) => ({ ...d.doc, day: practiceDay(new Date(d.doc.savedAt), ports.config.practiceTimeZone) }));
  const byDate = new Map<string, string[] | null>();
  if (revisions.length === 0) return () => null;
  const opened = new Map<number, Map<string, string[]> | null>();
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += DAY) {
    const date = new Date(d).toISOString().slice(0, 10);
    const inForce = revisions.find((r) => r.day <= date);
    if (!inForce) continue;
    if (!opened.has(inForce.revision)) {
      const content = await ports.personalData.open<DietContent>(inForce.content);
      // an erased patient's plan is unreadable: those days count against the five meals
      const week = content ? weekOf(upcastDietContent(content).days) : [];
      opened.set(inForce.revision, content ? new Map(week.map(({ weekday, day }) => [weekday, MEALS.filter((meal) => day.meals[meal].length > 0)])) : null);
    }
    byDate.set(date, opened.get(inForce.revision)?.get(weekdayOfDate(date)) ?? null);
  }
  return (date) => byDate.get(date) ?? null;
}
