import { formatDay, formatGrams, formatPercent } from '../../lib/format';
import { type MEALS, type DietView } from '@studio/contracts';
import { Alert, Button, Card, Table } from 'react-bootstrap';
import { errorMessage } from '../../lib/api';
import { Loading } from '../../components/ui/Loading';
import { RichTextView } from '../../components/ui/RichText';
import { it } from '../../i18n/it';
import { useGetMyDietQuery } from './myDietApi';
import './my-diet.css';

const t = it.myDiet;
const d = it.diet;

/** the patient's current diet on /home, printable (or saved as PDF through the print dialog) */
export function MyDiet() {
  const query = useGetMyDietQuery(undefined, { refetchOnMountOrArgChange: true });
  if (query.isLoading) return <Loading label={t.loading} />;
  // a section of /home: its failure is told politely, not as the page's alert
  if (query.isError)
    return (
      <Alert variant="warning" role="status" className="mt-3">
        {errorMessage(query.error, t.error)}
      </Alert>
    );
  const diet = query.data?.diet;
  return (
    <Card className="mt-3 my-diet" id="my-diet">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h4 mb-0 me-auto">{t.title}</h2>
          {diet && (
            <Button variant="outline-primary" size="sm" className="d-print-none" onClick={() => window.print()} title={t.printHint}>
              {t.print}
            </Button>
          )}
        </div>
        {!diet ? <p className="mb-0">{t.none}</p> : <DietSheet diet={diet} />}
      </Card.Body>
    </Card>
  );
}

function DietSheet({ diet }: { diet: DietView }) {
  const alternativesOf = (meal: (typeof MEALS)[number], rowId: string) => diet.content.meals[meal].find((r) => r.id === rowId)?.alternatives ?? [];
  const categoryName = (id: number) => diet.blocks.find((b) => b.category.id === id)?.category.name ?? String(id);
  return (
    <>
      {diet.doctorName && diet.savedAt && <p className="small text-body-secondary">{t.by(diet.doctorName, formatDay(diet.savedAt))}</p>}
      <p className="fw-semibold">
        {d.summaryKcal(diet.summary.kcal)} — {d.protein} {d.macroRow(formatGrams(diet.summary.protein), formatPercent(diet.summary.split.protein))},{' '}
        {d.carbohydrate} {d.macroRow(formatGrams(diet.summary.carbohydrate), formatPercent(diet.summary.split.carbohydrate))}, {d.fat}{' '}
        {d.macroRow(formatGrams(diet.summary.fat), formatPercent(diet.summary.split.fat))}
      </p>
      {diet.meals
        .filter((m) => m.rows.length > 0)
        .map((meal) => (
          <section key={meal.meal} className="my-diet-meal mb-3">
            <h3 className="h6">{d.meals[meal.meal]}</h3>
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
          <h3 className="h6">{t.portions}</h3>
          <ul className="mb-0">
            {diet.blocks.map((b) => (
              <li key={b.category.id}>
                <strong>{categoryName(b.category.id)}</strong>: {d.blockTimes(b.times)} — {b.foods.map((f) => `${f.name} ${f.baseWeight} g`).join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {diet.content.notes && (
        <section>
          <h3 className="h6">{t.notes}</h3>
          <RichTextView value={diet.content.notes} label={t.notes} />
        </section>
      )}
    </>
  );
}
