import type { DietView, MEALS } from '@studio/contracts';
import { Table } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { formatDay, formatGrams, formatPercent } from '../../lib/format';
import { RichTextView } from './RichTextView';

const d = it.diet;
const t = it.myDiet;

/**
 * A saved diet as the patient reads it: who wrote it and when, the day's energy and macros, each meal's rows
 * (with alternatives) and total, the weekly portions, the notes. One rendering for the patient's /home and
 * the doctor's print sheet; `heading` is the level of the section titles where it is placed.
 */
export function DietSheet({ diet, heading: Heading }: { diet: DietView; heading: 'h2' | 'h3' }) {
  const alternativesOf = (meal: (typeof MEALS)[number], rowId: string) => diet.content.meals[meal]?.find((r) => r.id === rowId)?.alternatives ?? [];
  return (
    <>
      {diet.doctorName && diet.savedAt && <p className="small text-body-secondary">{t.by(diet.doctorName, formatDay(diet.savedAt))}</p>}
      <p className="fw-semibold">
        {d.summaryKcal(diet.summary.kcal)} — {d.macroName.protein} {d.macroRow(formatGrams(diet.summary.protein), formatPercent(diet.summary.split.protein))},{' '}
        {d.macroName.carbohydrate} {d.macroRow(formatGrams(diet.summary.carbohydrate), formatPercent(diet.summary.split.carbohydrate))}, {d.macroName.fat}{' '}
        {d.macroRow(formatGrams(diet.summary.fat), formatPercent(diet.summary.split.fat))}
      </p>
      {diet.meals
        .filter((meal) => meal.rows.length > 0)
        .map((meal) => (
          <section key={meal.meal} className="my-diet-meal mb-3">
            <Heading className="h6">{d.meals[meal.meal]}</Heading>
            <Table size="sm" bordered className="mb-0">
              <thead>
                <tr>
                  <th>{d.food}</th>
                  <th className="text-end">{d.grams}</th>
                  <th className="text-end">{d.kcal}</th>
                </tr>
              </thead>
              <tbody>
                {meal.rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      {r.name}
                      {alternativesOf(meal.meal, r.id).length > 0 && (
                        <div className="small text-body-secondary">
                          {t.or}:{' '}
                          {alternativesOf(meal.meal, r.id)
                            .map((a) => `${diet.itemNames[a.item] ?? a.item} ${a.grams} g`)
                            .join(', ')}
                        </div>
                      )}
                    </td>
                    <td className="text-end">{r.grams}</td>
                    <td className="text-end">{r.kcal}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="fw-semibold">
                  <td>{d.total}</td>
                  <td />
                  <td className="text-end">{meal.kcal}</td>
                </tr>
              </tfoot>
            </Table>
          </section>
        ))}
      {diet.blocks.length > 0 && (
        <section className="mb-3">
          <Heading className="h6">{t.portions}</Heading>
          <ul className="mb-0">
            {diet.blocks.map((b) => (
              <li key={b.category.id}>
                <strong>{b.category.name}</strong>: {d.blockTimes(b.times)} — {b.foods.map((f) => `${f.name} ${f.baseWeight} g`).join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {diet.content.notes && (
        <section>
          <Heading className="h6">{t.notes}</Heading>
          <RichTextView value={diet.content.notes} label={t.notes} />
        </section>
      )}
    </>
  );
}
