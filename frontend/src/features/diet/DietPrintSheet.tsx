import type { DietView } from '@studio/contracts';
import { Table } from 'react-bootstrap';
import { formatDay, formatGrams, formatPercent } from '../../lib/format';
import { RichTextView } from '../../components/ui/RichText';
import { it } from '../../i18n/it';

const t = it.diet;
const m = it.myDiet;

/**
 * The saved diet as the patient gets it, laid out for paper: the editor's print view. Hidden on screen; under
 * `@media print` it is the only thing on the page (diet.css), so "Stampa" is window.print() of this sheet.
 */
export function DietPrintSheet({ diet }: { diet: DietView }) {
  const alternativesOf = (meal: string, rowId: string) =>
    diet.content.meals[meal as keyof typeof diet.content.meals]?.find((r) => r.id === rowId)?.alternatives ?? [];
  return (
    <section className="diet-print-sheet" aria-label={t.printTitle(diet.patientName)} data-testid="diet-print-sheet">
      <p className="h3">{t.printTitle(diet.patientName)}</p>
      {diet.doctorName && diet.savedAt && <p className="small">{m.by(diet.doctorName, formatDay(diet.savedAt))}</p>}
      <p className="fw-semibold">
        {t.summaryKcal(diet.summary.kcal)} — {t.protein} {t.macroRow(formatGrams(diet.summary.protein), formatPercent(diet.summary.split.protein))},{' '}
        {t.carbohydrate} {t.macroRow(formatGrams(diet.summary.carbohydrate), formatPercent(diet.summary.split.carbohydrate))}, {t.fat}{' '}
        {t.macroRow(formatGrams(diet.summary.fat), formatPercent(diet.summary.split.fat))}
      </p>
      {diet.meals
        .filter((meal) => meal.rows.length > 0)
        .map((meal) => (
          <section key={meal.meal} className="mb-3">
            <h2 className="h6">{t.meals[meal.meal]}</h2>
            <Table size="sm" bordered className="mb-0">
              <thead>
                <tr>
                  <th>{t.food}</th>
                  <th className="text-end">{t.grams}</th>
                  <th className="text-end">{t.kcal}</th>
                </tr>
              </thead>
              <tbody>
                {meal.rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      {r.name}
                      {alternativesOf(meal.meal, r.id).length > 0 && (
                        <div className="small">
                          {m.or}:{' '}
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
                  <td>{t.total}</td>
                  <td />
                  <td className="text-end">{meal.kcal}</td>
                </tr>
              </tfoot>
            </Table>
          </section>
        ))}
      {diet.blocks.length > 0 && (
        <section className="mb-3">
          <h2 className="h6">{m.portions}</h2>
          <ul className="mb-0">
            {diet.blocks.map((b) => (
              <li key={b.category.id}>
                <strong>{b.category.name}</strong>: {t.blockTimes(b.times)} — {b.foods.map((f) => `${f.name} ${f.baseWeight} g`).join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {diet.content.notes && (
        <section>
          <h2 className="h6">{m.notes}</h2>
          <RichTextView value={diet.content.notes} label={m.notes} />
        </section>
      )}
    </section>
  );
}
