import { allergyLabel, MEALS, percentDifference, targetGrams, type DietSummary, type DietTargetsAnswer, type Meal } from '@studio/contracts';
import { Card, Table } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { api } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';

const t = it.diet.targets;

export type TargetsAnswer = DietTargetsAnswer;

const targetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDietTargets: build.query<TargetsAnswer, string>({ query: (patientId) => ({ url: `/api/patients/${encodeURIComponent(patientId)}/diet-targets` }) }),
  }),
});
export const { useGetDietTargetsQuery } = targetsApi;

/** an indicative share of the day's energy per meal (colazione 20 %, spuntini 5 %, pranzo 40 %, cena 30 %) */
export const MEAL_ENERGY_SHARE: Record<Meal, number> = { colazione: 20, spuntino: 5, pranzo: 40, merenda: 5, cena: 30 };
/** within ± this % of a single target counts as on target */
const TOLERANCE = 5;

type Verdict = 'ok' | 'over' | 'under';
function verdict(actual: number, min: number, max: number): { verdict: Verdict; diff: number | null } {
  if (actual < min) return { verdict: 'under', diff: percentDifference(actual, min) };
  if (actual > max) return { verdict: 'over', diff: percentDifference(actual, max) };
  return { verdict: 'ok', diff: percentDifference(actual, (min + max) / 2) };
}
/** a single target: on target within ± TOLERANCE %, the difference always against the target itself */
const single = (actual: number, target: number) => ({
  verdict: verdict(actual, target * (1 - TOLERANCE / 100), target * (1 + TOLERANCE / 100)).verdict,
  diff: percentDifference(actual, target),
});

/** the verdict in words and a symbol, the colour only adds to them */
function VerdictCell({ v }: { v: { verdict: Verdict; diff: number | null } }) {
  const cls = v.verdict === 'ok' ? 'text-success' : 'text-danger';
  const symbol = v.verdict === 'ok' ? '✓' : v.verdict === 'over' ? '▲' : '▼';
  const diff = v.diff === null ? '' : ` (${v.diff > 0 ? '+' : ''}${v.diff} %)`;
  return (
    <td className={cls} data-verdict={v.verdict}>
      <span aria-hidden="true">{symbol} </span>
      {t.verdicts[v.verdict]}
      {diff}
    </td>
  );
}

/** target against actual, for the day and per meal, from the patient's diet targets and the current summary */
export function TargetsPanel({ patientId, summary }: { patientId: string; summary: DietSummary | null }) {
  const { data } = useGetDietTargetsQuery(patientId);
  if (!data || !summary) return null;
  const g = targetGrams(data.targets, data.weightKg);
  const rows: { label: string; actual: string; target: string; v: { verdict: Verdict; diff: number | null } }[] = [
    { label: t.energy, actual: `${summary.kcal} kcal`, target: `${g.energyKcal} kcal`, v: single(summary.kcal, g.energyKcal) },
    ...(g.proteinG !== null
      ? [{ label: t.protein, actual: `${formatNumber(summary.protein)} g`, target: `${g.proteinG} g`, v: single(summary.protein, g.proteinG) }]
      : []),
    {
      label: t.carbohydrate,
      actual: `${formatNumber(summary.carbohydrate)} g`,
      target: `${g.carbohydrateG.min}–${g.carbohydrateG.max} g`,
      v: verdict(summary.carbohydrate, g.carbohydrateG.min, g.carbohydrateG.max),
    },
    { label: t.fat, actual: `${formatNumber(summary.fat)} g`, target: `${g.fatG.min}–${g.fatG.max} g`, v: verdict(summary.fat, g.fatG.min, g.fatG.max) },
  ];
  return (
    <Card className="mt-3" data-testid="diet-targets">
      <Card.Body>
        <h2 className="h6">{t.title}</h2>
        {data.isDefault && <p className="small text-body-secondary">{t.defaults}</p>}
        {data.allergies.length > 0 && (
          <p className="small mb-2" role="note">
            <strong>{t.allergies}</strong> {data.allergies.map(allergyLabel).join(', ')}
          </p>
        )}
        <Table size="sm" className="mb-2 small">
          <caption className="visually-hidden">{t.dayCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.what}</th>
              <th scope="col">{t.actual}</th>
              <th scope="col">{t.target}</th>
              <th scope="col">{t.difference}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.actual}</td>
                <td>{r.target}</td>
                <VerdictCell v={r.v} />
              </tr>
            ))}
          </tbody>
        </Table>
        <Table size="sm" className="mb-0 small">
          <caption className="visually-hidden">{t.mealCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.meal}</th>
              <th scope="col">{t.actual}</th>
              <th scope="col">{t.target}</th>
              <th scope="col">{t.difference}</th>
            </tr>
          </thead>
          <tbody>
            {MEALS.map((meal) => {
              const actual = summary.meals.find((m) => m.meal === meal)?.kcal ?? 0;
              const target = Math.round((g.energyKcal * MEAL_ENERGY_SHARE[meal]) / 100);
              return (
                <tr key={meal}>
                  <th scope="row">{it.diet.meals[meal]}</th>
                  <td>{actual} kcal</td>
                  <td>{target} kcal</td>
                  <VerdictCell v={single(actual, target)} />
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
