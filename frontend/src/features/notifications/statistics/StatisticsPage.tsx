import { useState } from 'react';
import { Card, Col, Form, Row, Table } from 'react-bootstrap';
import type { VisitCounts } from '@studio/contracts';
import { QuerySection } from '../../../components/ui/QuerySection';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/pageTitle';
import * as it from '../../../i18n/it';
import { useGetStatisticsQuery } from './statisticsApi';

const t = it.statistics;

/** 'YYYY-MM' of a day some months before today (0: this month) */
function monthsAgo(n: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
}

const rate = (r: number | null) => (r === null ? t.noRate : `${(r * 100).toLocaleString('it-IT', { maximumFractionDigits: 1 })} %`);

/** the counts of one row, in the table's column order */
function Counts({ c }: { c: VisitCounts }) {
  return (
    <>
      <td className="text-end">{c.visits}</td>
      <td className="text-end">{c.confirmedByReply}</td>
      <td className="text-end">{c.cancelledByReply}</td>
      <td className="text-end">{c.cancelled}</td>
      <td className="text-end">{c.noShows}</td>
      <td className="text-end">{rate(c.noShowRate)}</td>
    </>
  );
}

function CountHeaders() {
  return (
    <>
      <th scope="col" className="text-end">
        {t.visits}
      </th>
      <th scope="col" className="text-end">
        {t.confirmedByReply}
      </th>
      <th scope="col" className="text-end">
        {t.cancelledByReply}
      </th>
      <th scope="col" className="text-end">
        {t.cancelled}
      </th>
      <th scope="col" className="text-end">
        {t.noShows}
      </th>
      <th scope="col" className="text-end">
        {t.noShowRate}
      </th>
    </>
  );
}

/** /statistiche (front desk and doctors): plain tables, no chart library in the first load */
export function StatisticsPage() {
  usePageTitle(it.titles.statistics);
  const [from, setFrom] = useState(monthsAgo(11));
  const [to, setTo] = useState(monthsAgo(0));
  const [compareAt, setCompareAt] = useState('');
  const figures = useGetStatisticsQuery({ from, to, ...(compareAt ? { compareAt } : {}) }, { skip: !from || !to || to < from });
  const data = figures.data;
  return (
    <Card>
      <Card.Body>
        <h1 className="h3">{t.title}</h1>
        <p>{t.intro}</p>
        <Form as={Row} className="g-2 mb-3" onSubmit={(e) => e.preventDefault()}>
          <Form.Group as={Col} xs={12} sm={4} controlId="statistics-from">
            <Form.Label>{t.from}</Form.Label>
            <Form.Control type="month" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />
          </Form.Group>
          <Form.Group as={Col} xs={12} sm={4} controlId="statistics-to">
            <Form.Label>{t.to}</Form.Label>
            <Form.Control type="month" value={to} min={from} onChange={(e) => setTo(e.target.value)} required />
          </Form.Group>
          <Form.Group as={Col} xs={12} sm={4} controlId="statistics-compare">
            <Form.Label>{t.compareAt}</Form.Label>
            <Form.Control type="date" value={compareAt} onChange={(e) => setCompareAt(e.target.value)} aria-describedby="statistics-compare-hint" />
            <Form.Text id="statistics-compare-hint">{t.compareHint}</Form.Text>
          </Form.Group>
        </Form>
        <QuerySection query={figures} loadingLabel={t.loading} errorText={t.error} errorVariant="warning" />
        {data && data.rows.length === 0 && <p>{t.empty}</p>}
        {/* each table scrolls sideways on a phone: a region reachable with the keyboard, named by its caption */}
        {data && data.rows.length > 0 && (
          <div className="table-responsive" tabIndex={0} role="region" aria-label={t.caption}>
            <Table size="sm" className="align-middle">
              <caption>{t.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.month}</th>
                  <th scope="col">{t.channel}</th>
                  <CountHeaders />
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={`${r.month}-${r.channel}`}>
                    <th scope="row">{r.month}</th>
                    <td>{t.channels[r.channel]}</td>
                    <Counts c={r} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    {t.total}
                  </th>
                  <Counts c={data.totals} />
                </tr>
              </tfoot>
            </Table>
          </div>
        )}
        {data?.comparison && (
          <div className="table-responsive" tabIndex={0} role="region" aria-label={t.comparisonCaption(formatDay(data.comparison.at))}>
            <Table size="sm" className="align-middle">
              <caption>{t.comparisonCaption(formatDay(data.comparison.at))}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.period}</th>
                  <CountHeaders />
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t.before}</th>
                  <Counts c={data.comparison.before} />
                </tr>
                <tr>
                  <th scope="row">{t.after}</th>
                  <Counts c={data.comparison.after} />
                </tr>
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
