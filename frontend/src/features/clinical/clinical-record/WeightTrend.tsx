import type { MeasurementView } from '@studio/contracts';
import { lazy, Suspense, useRef } from 'react';
import { Card } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { api } from '../../../lib/api';
import { formatDay, formatNumber } from '../../../lib/format';
import { useNearViewport } from '../../../lib/useNearViewport';

const t = it.clinical;

const measurementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyMeasurements: build.query<MeasurementView[], void>({ query: () => ({ url: '/api/me/measurements' }) }),
  }),
});
export const { useGetMyMeasurementsQuery } = measurementsApi;

/** recharts is the heaviest code of /home (about 85 KB compressed): loaded only when the chart is about to be seen */
const WeightChart = lazy(() => import('./WeightChart').then((m) => ({ default: m.WeightChart })));

/** the chart's box, its size fixed before the chart loads: nothing below it moves when it comes */
function ChartBox({ data }: { data: MeasurementView[] }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box} role="img" aria-label={t.chartLabel(t.measures.weightKg)} style={{ width: '100%', height: 180 }} data-testid="weight-trend">
      {near && (
        <Suspense fallback={null}>
          <WeightChart data={data} />
        </Suspense>
      )}
    </div>
  );
}

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
            {data.length > 1 && <ChartBox data={data} />}
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
