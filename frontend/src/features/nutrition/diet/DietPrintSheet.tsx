import type { DietView } from '@studio/contracts';
import { DietSheet } from '../../../components/ui/DietSheet';
import * as it from '../../../i18n/it';
import { dayLabel } from './dayLabels';
import { dayOfPlan } from './PlanSheet';

const t = it.diet;

/**
 * The saved plan as the patient gets it, laid out for paper: the editor's print view, day by day (a one-day plan as one
 * sheet). Hidden on screen; under `@media print` it is the only thing on the page (diet.css), so "Stampa" is
 * window.print() of this sheet.
 */
export function DietPrintSheet({ diet }: { diet: DietView }) {
  const days = diet.days ?? [];
  return (
    <section className="diet-print-sheet" aria-label={t.printTitle(diet.patientName)} data-testid="diet-print-sheet">
      <p className="h3">{t.printTitle(diet.patientName)}</p>
      {days.length <= 1 ? (
        <DietSheet diet={diet} heading="h2" />
      ) : (
        days.map((day) => (
          <section key={day.weekday} className="diet-print-day">
            <p className="h4">
              {dayLabel(day.weekday)}
              {diet.week
                .filter((w) => w.follows === day.weekday && w.weekday !== day.weekday)
                .map((w) => `, ${dayLabel(w.weekday)}`)
                .join('')}
            </p>
            <DietSheet diet={dayOfPlan(diet, day.weekday)} heading="h2" />
          </section>
        ))
      )}
    </section>
  );
}
