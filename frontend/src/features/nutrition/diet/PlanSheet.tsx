import { weekdayOfDate, weekFrom, type DietView, type ShoppingList, type Weekday } from '@studio/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { DietSheet } from '../../../components/ui/DietSheet';
import * as it from '../../../i18n/it';
import { formatGrams } from '../../../lib/format';
import { isoDay } from '../../../lib/dates';
import { dayLabel } from './dayLabels';

const t = it.dietPlan;

/** the plan as one day's diet: the figures, meals and rows of the plan day `weekday` follows */
export function dayOfPlan(diet: DietView, weekday: Weekday): DietView {
  const follows = diet.week?.find((w) => w.weekday === weekday)?.follows;
  const day = diet.days?.find((d) => d.weekday === follows) ?? diet.days?.[0];
  const content = diet.content.days?.find((d) => d.weekday === day?.weekday);
  if (!day || !content) return diet;
  return { ...diet, summary: day.summary, meals: day.meals, content: { ...diet.content, meals: content.meals } };
}

/**
 * The plan day by day for the patient, today's weekday first (a phone shows one day at a time, tabs to move); a one-day
 * plan is the same every day and shows no tabs.
 */
export function PlanDays({ diet, today = weekdayOfDate(isoDay(new Date())) }: { diet: DietView; today?: Weekday }) {
  const week = weekFrom(today);
  const [shown, setShown] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if ((diet.days?.length ?? 1) <= 1) return <DietSheet diet={dayOfPlan(diet, today)} heading="h3" />;
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: week.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + week.length) % week.length;
    setShown(next);
    tabs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={t.days} className="nav nav-pills flex-nowrap overflow-auto mb-3 my-diet-days d-print-none">
        {week.map((weekday, index) => (
          <button
            key={weekday}
            ref={(el) => void (tabs.current[index] = el)}
            type="button"
            role="tab"
            id={`my-diet-tab-${weekday}`}
            aria-selected={index === shown}
            aria-controls="my-diet-day"
            tabIndex={index === shown ? 0 : -1}
            className={`nav-link text-nowrap${index === shown ? ' active' : ''}`}
            onClick={() => setShown(index)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {dayLabel(weekday)}
            {index === 0 && ` (${t.today})`}
          </button>
        ))}
      </div>
      <div id="my-diet-day" role="tabpanel" aria-labelledby={`my-diet-tab-${week[shown]}`} className="d-print-none">
        <DietSheet diet={dayOfPlan(diet, week[shown])} heading="h3" />
      </div>
      {/* on paper every day of the plan, each with the weekdays it stands for (hidden on screen, and so from screen readers) */}
      <div className="d-none d-print-block my-diet-print-days">
        {diet.days.map((day) => (
          <section key={day.weekday} className="mb-3">
            <p className="h5">
              {diet.week
                .filter((w) => w.follows === day.weekday)
                .map((w) => dayLabel(w.weekday))
                .join(', ')}
            </p>
            <DietSheet diet={dayOfPlan(diet, day.weekday)} heading="h3" />
          </section>
        ))}
      </div>
    </>
  );
}

/** the week's shopping list, by food group, with a box to tick for each food (printable with the page) */
export function ShoppingListView({ list, heading: Heading }: { list: ShoppingList; heading: 'h2' | 'h3' }) {
  return (
    <section className="diet-shopping-list" aria-labelledby="diet-shopping-title">
      <Heading id="diet-shopping-title" className="h5">
        {t.shoppingTitle}
      </Heading>
      <p className="small text-body-secondary">{t.shoppingNote}</p>
      {list.groups.length === 0 ? (
        <p className="mb-0">{t.shoppingEmpty}</p>
      ) : (
        list.groups.map((group) => (
          <div key={group.group} className="mb-2 diet-shopping-group">
            <p className="fw-semibold mb-1">{group.group}</p>
            <ul className="list-unstyled mb-0 ps-1">
              {group.items.map((item) => (
                <li key={String(item.item)}>
                  <span aria-hidden="true">☐ </span>
                  {item.name}: {formatGrams(item.grams)}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
