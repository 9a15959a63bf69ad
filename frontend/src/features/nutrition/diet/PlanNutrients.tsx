import {
  MEALS,
  dayTotals,
  larnTargets,
  mealTotals,
  missingValueNote,
  nutrientInfo,
  planAverageTotals,
  weekOf,
  type DietDay,
  type NutrientItem,
  type NutrientTag,
  type NutrientTotals,
  type FoodView,
} from '@studio/contracts';
import { Card, Table } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { NutrientPanel, formatAmount } from './NutrientPanel';
import type { TargetsAnswer } from './TargetsPanel';

const t = it.nutrients;
/** what a nutritionist reads per meal */
const MEAL_TAGS: NutrientTag[] = ['ENERC_KCAL', 'PROCNT', 'CHOAVL', 'SUGAR', 'FAT', 'FASAT', 'FIBTG', 'NACL'];

type Values = Record<string, { nutrients: NutrientItem['nutrients'] }>;

/**
 * A row's food as the totals read it: a catalogue food with the values the plan keeps; a practice food with its four
 * values (the rest missing); a category has no values of its own, so every nutrient counts as missing for it.
 */
function itemOf(item: number | string, grams: number, values: Values, studio: ReadonlyMap<number, FoodView>): NutrientItem {
  if (typeof item === 'string') return { nutrients: values[item]?.nutrients ?? {}, grams, per: '100g', density: null };
  const food = studio.get(item);
  const nutrients = food
    ? { ENERC_KCAL: { value: food.kcal100 }, PROCNT: { value: food.protein }, CHOAVL: { value: food.carbohydrate }, FAT: { value: food.fat } }
    : {};
  return { nutrients, grams, per: '100g', density: null };
}

/** the day's meals as the totals read them: each row's main food (alternatives are swaps, not extra food) */
export function dayItems(day: DietDay, values: Values, studio: ReadonlyMap<number, FoodView>): NutrientItem[][] {
  return MEALS.map((meal) => day.meals[meal].filter((r) => r.item !== 0).map((r) => itemOf(r.item, r.grams, values, studio)));
}

function cell(totals: NutrientTotals, tag: NutrientTag) {
  const total = totals[tag];
  const unit = nutrientInfo(tag)?.unit ?? '';
  const missing = missingValueNote(total.missing);
  return (
    <td key={tag} className="text-end">
      {formatAmount(total.value)} {unit}
      {missing && (
        <span className="text-warning-emphasis" title={missing}>
          {' '}
          <span aria-hidden="true">*</span>
          <span className="visually-hidden">({missing})</span>
        </span>
      )}
    </td>
  );
}

export interface PlanNutrientsProps {
  day: DietDay;
  /** the plan's days: with more than one, the week's daily average is shown besides the day */
  days?: readonly DietDay[];
  dayLabel: string;
  mealName: (meal: (typeof MEALS)[number]) => string;
  values: Values;
  studioFoods: readonly FoodView[];
  person: TargetsAnswer['person'] | null;
}

/**
 * The day shown: energy, macronutrients, sugars, fibre and salt per meal, and the day's minerals and vitamins against
 * LARN; for a plan of several days, also the week's daily average (seven days, a day not written repeating the one
 * before it; a value missing for a food is counted as missing on every day it is eaten, never as 0).
 */
export function PlanNutrients({ day, days = [], dayLabel, mealName, values, studioFoods, person }: PlanNutrientsProps) {
  const studio = new Map(studioFoods.map((f) => [f.id, f]));
  const meals = dayItems(day, values, studio);
  const perMeal = meals.map((items) => mealTotals(items));
  const total = dayTotals(meals);
  const week = days.length > 1 ? planAverageTotals(weekOf(days).map((d) => dayItems(d.day, values, studio))) : null;
  const targets = person && person.ageYears >= 18 ? larnTargets({ sex: person.sex, ageYears: person.ageYears }) : null;
  return (
    <Card className="mb-3 plan-nutrients">
      <Card.Header as="h2" className="h5">
        {t.planTitle}
      </Card.Header>
      <Card.Body>
        <div className="table-responsive" tabIndex={0} role="region" aria-label={t.mealsCaption(dayLabel)}>
          <Table size="sm" className="align-middle">
            <caption>{t.mealsCaption(dayLabel)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.meal}</th>
                {MEAL_TAGS.map((tag) => (
                  <th key={tag} scope="col" className="text-end">
                    {nutrientInfo(tag)?.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {MEALS.map((meal, i) => (
                <tr key={meal} data-meal={meal}>
                  <th scope="row">{mealName(meal)}</th>
                  {MEAL_TAGS.map((tag) => cell(perMeal[i], tag))}
                </tr>
              ))}
              <tr className="fw-semibold" data-meal="giorno">
                <th scope="row">{t.dayTotal}</th>
                {MEAL_TAGS.map((tag) => cell(total, tag))}
              </tr>
              {week && (
                <tr className="fw-semibold" data-meal="settimana">
                  <th scope="row">{t.weekAverage}</th>
                  {MEAL_TAGS.map((tag) => cell(week, tag))}
                </tr>
              )}
            </tbody>
          </Table>
        </div>
        {!person && <p className="small text-body-secondary">{t.noPerson}</p>}
        {person && person.ageYears < 18 && <p className="small text-body-secondary">{t.underAge}</p>}
        <NutrientPanel totals={total} targets={targets} caption={t.dayCaption(dayLabel)} />
        {week && <NutrientPanel totals={week} targets={targets} caption={t.weekCaption} />}
      </Card.Body>
    </Card>
  );
}
