import { formatGrams, formatNumber, formatPercent } from '../../../lib/format';
import type { DietSummary, MealSummary } from '@studio/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import * as it from '../../../i18n/it';
import type { Calculation } from './serverCalculation';

const t = it.diet;
const COLORS = { protein: '#0d6efd', carbohydrate: '#ffc107', fat: '#dc3545' };
const fmt = formatNumber;

/** the current summary: daily kcal and the split of protein, carbohydrate and fat, in numbers and as a chart */
export function CurrentSummary({ calculation }: { calculation: Calculation<DietSummary> }) {
  const s = calculation.data;
  const data = s
    ? [
        { key: 'protein', name: t.protein, value: s.split.protein },
        { key: 'carbohydrate', name: t.carbohydrate, value: s.split.carbohydrate },
        { key: 'fat', name: t.fat, value: s.split.fat },
      ]
    : [];
  return (
    <section id="current-summary" className="current-summary mb-4" aria-labelledby="summary-title" aria-busy={calculation.status === 'loading'}>
      <h2 id="summary-title" className="h5">
        {t.summaryTitle}
      </h2>
      {calculation.status === 'error' && <Alert variant="danger">{calculation.error}</Alert>}
      {!s && calculation.status === 'loading' && <p className="small text-body-secondary">{t.summaryCalculating}</p>}
      {s && (
        <div className="d-flex flex-wrap gap-4 align-items-center">
          <div>
            <p className="fs-4 fw-semibold mb-2" data-testid="daily-kcal">
              {t.summaryKcal(s.kcal)}
            </p>
            <Table size="sm" className="mb-0 w-auto macro-table">
              <tbody>
                <tr>
                  <th scope="row">{t.macroName.protein}</th>
                  <td>{t.macroRow(formatGrams(s.protein), formatPercent(s.split.protein))}</td>
                </tr>
                <tr>
                  <th scope="row">{t.macroName.carbohydrate}</th>
                  <td>{t.macroRow(formatGrams(s.carbohydrate), formatPercent(s.split.carbohydrate))}</td>
                </tr>
                <tr>
                  <th scope="row">{t.macroName.fat}</th>
                  <td>{t.macroRow(formatGrams(s.fat), formatPercent(s.split.fat))}</td>
                </tr>
              </tbody>
            </Table>
          </div>
          {s.kcal > 0 && (
            <figure className="mb-0" aria-label={t.summarySplit}>
              {/* the percentages are in the legend, below the ring: nothing is clipped, nothing overlaps */}
              <PieChart width={260} height={230}>
                <Pie data={data} dataKey="value" nameKey="name" cx="50%" cy={85} innerRadius={42} outerRadius={72} isAnimationActive={false}>
                  {data.map((d) => (
                    <Cell key={d.key} fill={COLORS[d.key as keyof typeof COLORS]} />
                  ))}
                </Pie>
                <Tooltip formatter={(value) => formatPercent(Number(value))} />
                <Legend
                  verticalAlign="bottom"
                  height={48}
                  formatter={(name, entry) => `${name} ${formatPercent(Number((entry.payload as { value?: number } | undefined)?.value ?? 0))}`}
                />
              </PieChart>
            </figure>
          )}
        </div>
      )}
    </section>
  );
}

interface MealSummaryTableProps {
  summary: MealSummary | null;
  title: string;
  /** null: the cells cannot be edited now (diet not saved, or unsaved changes) */
  onSaveCells: ((grams: Record<string, string>) => Promise<MealSummary | null>) | null;
  editDisabledHint?: string;
}

/**
 * A meal's summary table. The trigger-edit control enters edit mode and makes the cells named by
 * data-payload-attr editable; leaving it saves them, shows the server's answer and (through
 * onSaveCells) reloads the diet.
 */
export function MealSummaryTable({ summary, title, onSaveCells, editDisabledHint }: MealSummaryTableProps) {
  const [editing, setEditing] = useState(false);
  const [answer, setAnswer] = useState<MealSummary | null>(null);
  const [saving, setSaving] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  // the server's answer to the edit is shown until the next calculation arrives
  const shown = answer ?? summary;
  useEffect(() => setAnswer(null), [summary]);

  const toggle = async () => {
    if (!editing) {
      setAnswer(null);
      setEditing(true);
      return;
    }
    const grams: Record<string, string> = {};
    table.current?.querySelectorAll<HTMLElement>('[data-payload-attr]').forEach((cell) => {
      const match = /^grams\[(.+)\]$/.exec(cell.dataset.payloadAttr ?? '');
      if (match) grams[match[1]] = (cell.textContent ?? '').trim().replace(',', '.');
    });
    setSaving(true);
    const saved = onSaveCells ? await onSaveCells(grams) : null;
    setSaving(false);
    if (saved) {
      setAnswer(saved);
      setEditing(false);
    }
  };

  if (!shown) return null;
  return (
    <div className="meal-summary mt-3" data-meal={shown.meal}>
      <div className="d-flex align-items-center gap-2 mb-1">
        <h3 className="h6 mb-0 me-auto">{title}</h3>
        {onSaveCells ? (
          <Button size="sm" variant={editing ? 'primary' : 'outline-secondary'} className="trigger-edit" disabled={saving} onClick={() => void toggle()}>
            {editing ? t.endEditSummary : t.editSummary}
          </Button>
        ) : (
          editDisabledHint && <span className="small text-body-secondary">{editDisabledHint}</span>
        )}
      </div>
      {editing && <p className="small text-body-secondary mb-1">{t.editingHint}</p>}
      <Table size="sm" responsive bordered className="mb-0 meal-summary-table" ref={table} key={editing ? 'edit' : 'view'}>
        <thead>
          <tr>
            <th>{t.food}</th>
            <th className="text-end">{t.grams}</th>
            <th className="text-end">{t.kcal}</th>
            {/* a phone shows the macronutrients' short names, so the six columns fit its width */}
            {([t.protein, t.carbohydrate, t.fat] as const).map((label, i) => (
              <th key={label} className="text-end">
                <span className="d-none d-sm-inline">{label}</span>
                <abbr className="d-sm-none" title={label}>
                  {t.macroShort[i]}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.rows.map((r) => (
            <tr key={r.id} data-row-id={r.id}>
              <td>{r.name}</td>
              <td
                className={`text-end${editing ? ' editable-cell' : ''}`}
                data-payload-attr={`grams[${r.id}]`}
                contentEditable={editing}
                suppressContentEditableWarning
                role={editing ? 'textbox' : undefined}
                aria-label={editing ? `${t.grams} ${r.name}` : undefined}
              >
                {r.grams}
              </td>
              <td className="text-end">{r.kcal}</td>
              <td className="text-end">{fmt(r.protein)}</td>
              <td className="text-end">{fmt(r.carbohydrate)}</td>
              <td className="text-end">{fmt(r.fat)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <td>{t.total}</td>
            <td />
            <td className="text-end meal-kcal">{shown.kcal}</td>
            <td className="text-end">{fmt(shown.protein)}</td>
            <td className="text-end">{fmt(shown.carbohydrate)}</td>
            <td className="text-end">{fmt(shown.fat)}</td>
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
