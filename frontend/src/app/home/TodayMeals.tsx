import { weekdayOfDate, type DietView } from '@studio/contracts';
import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { useGetSessionQuery } from '../../lib/api';
import { isoDay } from '../../lib/dates';
import { formatDay } from '../../lib/format';
import { setTick, ticksOf } from '../../lib/mealTicks';
import { dayLabel } from '../../features/nutrition/diet/dayLabels';
import { useGetMyDietQuery } from '../../features/nutrition/diet/myDietApi';
import { useGetMyShoppingListQuery } from '../../features/nutrition/diet/planApi';
import { dayOfPlan } from '../../features/nutrition/diet/PlanSheet';

const t = it.today;

/**
 * "Oggi", first on a patient's /home: the meals of the plan day today's weekday follows, each food with its
 * alternatives, and a button to mark each meal as eaten (kept on the device, lib/mealTicks.ts); the whole week and the
 * shopping list are the diet card below, one tap away. Nothing without a plan.
 */
export function TodayMeals({ now = new Date() }: { now?: Date }) {
  const userId = useGetSessionQuery().data?.user?.id;
  const diet = useGetMyDietQuery(undefined).data?.diet;
  const hasShoppingList = useGetMyShoppingListQuery(undefined, { skip: !diet }).data?.list != null;
  const day = isoDay(now);
  if (!diet || !userId) return null;
  const weekday = weekdayOfDate(day);
  const today = dayOfPlan(diet, weekday);
  const meals = today.meals.filter((meal) => meal.rows.length > 0);
  return (
    <Card className="mb-3 app-today" as="section" aria-labelledby="today-title">
      <Card.Body>
        <h2 id="today-title" className="h4 mb-0">
          {t.title}
        </h2>
        <p className="text-body-secondary mb-3">{t.date(dayLabel(weekday), formatDay(day))}</p>
        {meals.length === 0 ? (
          <p>{t.noMeals}</p>
        ) : (
          meals.map((meal) => <TodayMeal key={`${day}-${meal.meal}`} diet={today} meal={meal} userId={userId} day={day} />)
        )}
        <p className="small text-body-secondary">{t.ticksNote}</p>
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-outline-primary" href="#my-diet">
            {t.week}
          </a>
          {hasShoppingList && (
            <a className="btn btn-outline-primary" href="#diet-shopping-title">
              {t.shopping}
            </a>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}

function TodayMeal({ diet, meal, userId, day }: { diet: DietView; meal: DietView['meals'][number]; userId: string; day: string }) {
  const name = it.diet.meals[meal.meal];
  const [eaten, setEaten] = useState(() => ticksOf(userId, day).includes(meal.meal));
  const alternativesOf = (rowId: string) => diet.content.meals[meal.meal]?.find((r) => r.id === rowId)?.alternatives ?? [];
  const toggle = () => setEaten(setTick(userId, day, meal.meal, !eaten).includes(meal.meal));
  return (
    <section className="mb-3 pb-2 border-bottom app-today-meal" aria-labelledby={`today-${meal.meal}`}>
      <div className="d-flex align-items-center gap-2 mb-1">
        <h3 id={`today-${meal.meal}`} className="h6 mb-0 me-auto">
          {name}
        </h3>
        <Button
          variant={eaten ? 'success' : 'outline-success'}
          size="sm"
          className="app-today-eaten"
          aria-pressed={eaten}
          aria-label={`${t.eaten}: ${name}`}
          onClick={toggle}
        >
          {eaten && <span aria-hidden="true">✓ </span>}
          {t.eaten}
        </Button>
      </div>
      <ul className="list-unstyled mb-0">
        {meal.rows.map((row) => (
          <li key={row.id}>
            {row.name} {row.grams} g
            {alternativesOf(row.id).length > 0 && (
              <div className="small text-body-secondary">
                {t.or}:{' '}
                {alternativesOf(row.id)
                  .map((a) => `${diet.itemNames[a.item] ?? a.item} ${a.grams} g`)
                  .join(', ')}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
