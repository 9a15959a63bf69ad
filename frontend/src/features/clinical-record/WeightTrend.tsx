import type { MeasurementView } from '@studio/contracts';
import { Card } from 'react-bootstrap';
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import * as it from '../../i18n/it';
import { api } from '../../lib/api';
import { formatDay, formatNumber } from '../../lib/format';

const t = it.clinical;

const measurementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyMeasurements: build.query<MeasurementView[], void>({ query: () => ({ url: '/api/me/measurements' }) }),
  }),
});
export const { useGetMyMeasurementsQuery } = measurementsApi;

/** the patient's weight over time on /home: a small line (fits 390 px) and the same values in a table */
export function WeightTrend() {
  const { data } = useGetMyMeasurementsQuery();
  if (!data) return null;
  const latest = data.at(-1);
  return (
    <Card className="mt-3">
      <Card.Body>
        <h2 className="h5">{t.weightTrend}</h2>
        {!latest ? (
          <p className="mb-0">{t.weightTrendEmpty}</p>
        ) : (
          <>
            <p>{t.lastWeight(formatNumber(latest.weightKg), formatNumber(latest.bmi), latest.bmiClass)}</p>
            {data.length > 1 && (
              <div role="img" aria-label={t.chartLabel(t.measures.weightKg)} style={{ width: '100%', height: 180 }} data-testid="weight-trend">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
                    <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d)} minTickGap={24} />
                    <YAxis domain={['dataMin - 1', 'dataMax + 1']} tickFormatter={(v: number) => formatNumber(v)} width={40} />
                    <Tooltip labelFormatter={(d) => formatDay(String(d))} formatter={(v) => [`${formatNumber(Number(v))} kg`, t.measures.weightKg]} />
                    <Line type="monotone" dataKey="weightKg" stroke="var(--bs-primary)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            )}
            <details>
              <summary>{t.showTable}</summary>
              <table className="table table-sm mt-2 mb-0">
                <caption>{t.tableCaption(t.measures.weightKg)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.date}</th>
                    <th scope="col">{t.measures.weightKg}</th>
                    <th scope="col">{t.bmi}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((m) => (
                    <tr key={m.id}>
                      <td>{formatDay(m.date)}</td>
                      <td>{formatNumber(m.weightKg)}</td>
                      <td>{formatNumber(m.bmi)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
