import type { MeasurementView } from '@studio/contracts';
import { CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatNumber } from '../../../lib/format';
import * as it from '../../../i18n/it';

const t = it.clinical;
export type MeasureKey = 'weightKg' | 'bmi' | 'waistCm' | 'hipCm' | 'bodyFatPercent';

/**
 * One measure over time: a recharts line (fills its container, so it fits a 390 px phone) with the same values in a
 * table beside it for screen readers and for whoever prefers numbers (the chart itself is one labelled image).
 */
export function MeasureChart({
  series,
  measure,
  height = 220,
  caption,
  selfReported = [],
}: {
  series: MeasurementView[];
  measure: MeasureKey;
  height?: number;
  caption?: string;
  /** the patient's own measures (weight, waist), drawn as diamonds apart from the line of the practice's */
  selfReported?: { date: string; weightKg: number; waistCm?: number }[];
}) {
  const label = caption ?? t.measures[measure];
  const points = series.filter((m) => typeof m[measure] === 'number').map((m) => ({ date: m.date, value: m[measure] as number }));
  const ownKey = measure === 'weightKg' || measure === 'waistCm' ? measure : null;
  const own = ownKey ? selfReported.filter((m) => typeof m[ownKey] === 'number') : [];
  const data = [
    ...points.map((p) => ({ ...p, self: undefined as number | undefined })),
    ...own.map((m) => ({ date: m.date, value: undefined as number | undefined, self: m[ownKey!] as number })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const rows = data.map((d) => ({ date: d.date, value: (d.value ?? d.self)!, self: d.value === undefined }));
  return (
    <figure className="mb-3">
      <div role="img" aria-label={t.chartLabel(label)} style={{ width: '100%', height }}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d)} minTickGap={24} />
            <YAxis domain={['dataMin - 1', 'dataMax + 1']} tickFormatter={(v: number) => formatNumber(v)} width={44} />
            <Tooltip labelFormatter={(d) => formatDay(String(d))} formatter={(v) => [formatNumber(Number(v)), label]} />
            <Line
              type="monotone"
              dataKey="value"
              name={label}
              stroke="var(--bs-primary)"
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
            {own.length > 0 && <Scatter dataKey="self" name={it.selfMeasurements.marker} fill="var(--bs-warning)" shape="diamond" isAnimationActive={false} />}
            {own.length > 0 && <Legend />}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t.showTable}</summary>
        <table className="table table-sm mt-2">
          <caption>{t.tableCaption(label)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p, i) => (
              <tr key={`${p.date}-${i}`}>
                <td>{formatDay(p.date)}</td>
                <td>
                  {formatNumber(p.value)}
                  {p.self && ` (${it.selfMeasurements.marker})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
