import type { DietContent, FoodValuesById, Meal, MealSummary } from '@studio/contracts';
import { useMemo } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { DIET_URLS, useSendDietMutation } from './dietApi';
import { useServerCalculation } from './serverCalculation';
import { MealSummaryTable } from './Summaries';

const t = it.diet;

/**
 * What the doctor does with the saved diet: print it (the print view below the editor, through window.print), download
 * it as a PDF (the server's), and — the treating doctor only — send it to the patient (an email with a link to /home).
 * All three act on the saved version: with unsaved changes or before the first save they wait, and say why.
 */
export function SavedDietActions({
  patientId,
  saved,
  treating,
  onMessage,
}: {
  patientId: string;
  saved: boolean;
  treating: boolean;
  onMessage(m: { variant: 'success' | 'danger'; text: string }): void;
}) {
  const [sendDiet, sending] = useSendDietMutation();
  const send = async () => {
    try {
      await sendDiet(patientId).unwrap();
      onMessage({ variant: 'success', text: t.sent });
    } catch (error) {
      onMessage({ variant: 'danger', text: errorMessage(error) });
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2 diet-saved-actions" role="group" aria-label={t.savedVersion}>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={!saved}
        onClick={() => window.print()}
        title={t.printHint}
        aria-describedby={saved ? undefined : 'diet-needs-save'}
      >
        {t.print}
      </Button>
      {saved ? (
        <a className="btn btn-sm btn-outline-primary" href={DIET_URLS.pdf(patientId)} download="dieta.pdf">
          {t.pdf}
        </a>
      ) : (
        <Button size="sm" variant="outline-primary" disabled aria-describedby="diet-needs-save">
          {t.pdf}
        </Button>
      )}
      {treating && (
        <Button
          size="sm"
          variant="primary"
          disabled={!saved || sending.isLoading}
          onClick={() => void send()}
          aria-describedby={saved ? undefined : 'diet-needs-save'}
        >
          {sending.isLoading ? t.sending : t.send}
        </Button>
      )}
      {!saved && (
        <span id="diet-needs-save" className="small text-body-secondary">
          {t.sendNeedsSave}
        </span>
      )}
    </div>
  );
}

/** calculate_meal_url before each meal summary: the server's table for the meal as it is in the form */
export function MealSummarySection({
  meal,
  mealName,
  rows,
  values,
  csrf,
  onSaveCells,
}: {
  meal: Meal;
  mealName: string;
  rows: DietContent['meals'][Meal];
  /** the values of the catalogue foods the rows hold, for the server's calculation */
  values: FoodValuesById;
  csrf: string | undefined;
  onSaveCells: ((grams: Record<string, string>) => Promise<MealSummary | null>) | null;
}) {
  const url = DIET_URLS.calculateMeal(meal);
  // the meal's own rows: a change elsewhere does not recalculate this table
  const body = useMemo(() => {
    const held = Object.fromEntries(
      rows
        .flatMap((r) => [r.item, ...r.alternatives.map((a) => a.item)])
        .flatMap((item) => (typeof item === 'string' && values[item] ? [[item, values[item]]] : [])),
    );
    return Object.keys(held).length ? { meals: { [meal]: rows }, values: held } : { meals: { [meal]: rows } };
  }, [meal, rows, values]);
  const calculation = useServerCalculation<MealSummary>(url, body, csrf);
  const summary = useMemo(() => (calculation.data && calculation.data.rows.length > 0 ? calculation.data : null), [calculation.data]);
  return (
    <>
      <input type="hidden" name="calculate_meal_url" value={url} />
      {calculation.status === 'error' && (
        <Alert variant="danger" className="mt-2 mb-0 py-1 small">
          {calculation.error}
        </Alert>
      )}
      <MealSummaryTable summary={summary} title={t.mealSummary(mealName)} onSaveCells={onSaveCells} editDisabledHint={t.editNeedsSave} />
    </>
  );
}
