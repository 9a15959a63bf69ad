import type { MeasurementView } from '@studio/contracts';
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import * as it from '../../../i18n/it';
import { formatDay, formatNumber } from '../../../lib/format';

const t = it.clinical;
/** the axis' dates without the year ("1 set"): at 390 px the full date ("1 set 2026") left room for the last one only */
const AXIS_DAY = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const axisDay = (d: string) => AXIS_DAY.format(new Date(`${d.slice(0, 10)}T00:00:00Z`));

/** the weight line of WeightTrend: recharts, a chunk of its own loaded when the card comes into view */
export function WeightChart({ data }: { data: MeasurementView[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: 0 }}>
        <XAxis dataKey="date" tickFormatter={axisDay} interval="preserveStartEnd" minTickGap={8} />
        <YAxis domain={['dataMin - 1', 'dataMax + 1']} tickFormatter={(v: number) => formatNumber(v)} width={40} />
        <Tooltip labelFormatter={(d) => formatDay(String(d))} formatter={(v) => [`${formatNumber(Number(v))} kg`, t.measures.weightKg]} />
        <Line type="monotone" dataKey="weightKg" stroke="var(--bs-primary)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
