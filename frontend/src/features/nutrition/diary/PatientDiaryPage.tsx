import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import { DIARY_MEAL_LABELS, type DiaryEntryView, type DiaryWeekAdherence } from '@studio/contracts';
import { QuerySection } from '../../../components/ui/QuerySection';
import { errorMessage } from '../../../lib/api';
import { formatDay, formatPercent } from '../../../lib/format';
import { usePageTitle } from '../../../lib/pageTitle';
import * as it from '../../../i18n/it';
import { DiaryDays } from './DiaryDays';
import { localToday, weekOf } from './diaryDates';
import { useCommentEntryMutation, useGetPatientDiaryQuery } from './diaryApi';

const t = it.diary;
/** four weeks at a time: the adherence of a month, the meals of the days in it */
const WEEKS = 4;

/** /pazienti/:patientId/diario: a treating doctor reads the diary by day with its photos, comments, sees the adherence */
export function PatientDiaryPage() {
  const { patientId = '' } = useParams();
  usePageTitle(t.doctorTitle);
  const [offset, setOffset] = useState(0);
  const today = localToday();
  const range = { from: weekOf(today, offset - (WEEKS - 1)).from, to: weekOf(today, offset).to };
  const query = useGetPatientDiaryQuery({ patientId, ...range });
  return (
    <div className="patient-diary">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">{t.doctorTitle}</h1>
        <Link className="btn btn-outline-secondary btn-sm" to={`/pazienti/${encodeURIComponent(patientId)}`}>
          {t.backToRecord}
        </Link>
      </div>
      <nav aria-label={t.week(formatDay(range.from), formatDay(range.to))} className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Button variant="outline-secondary" size="sm" onClick={() => setOffset(offset - WEEKS)}>
          {t.previousWeek}
        </Button>
        <p className="mb-0 mx-auto">{t.week(formatDay(range.from), formatDay(range.to))}</p>
        <Button variant="outline-secondary" size="sm" onClick={() => setOffset(offset + WEEKS)} disabled={offset >= 0}>
          {t.nextWeek}
        </Button>
      </nav>
      <QuerySection query={query} loadingLabel={t.loading} errorText={t.loadError}>
        {(diary) => (
          <>
            <Adherence weeks={diary.adherence} />
            <Card>
              <Card.Body>
                {diary.entries.length === 0 ? (
                  <p className="mb-0">{t.empty}</p>
                ) : (
                  <DiaryDays entries={diary.entries} actions={(entry) => <CommentBox patientId={patientId} entry={entry} />} />
                )}
              </Card.Body>
            </Card>
          </>
        )}
      </QuerySection>
    </div>
  );
}

function Adherence({ weeks }: { weeks: DiaryWeekAdherence[] }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{t.adherence}</h2>
        <p className="small">{t.adherenceNote}</p>
        <Table size="sm" className="mb-0">
          <thead>
            <tr>
              <th scope="col">{t.adherenceWeek}</th>
              <th scope="col">{t.adherenceMeals}</th>
              <th scope="col">{t.adherencePercent}</th>
              <th scope="col">{t.adherenceBasis}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <td>{formatDay(w.weekStart)}</td>
                <td>{t.adherenceLine(w.mealsLogged, w.mealsExpected)}</td>
                <td>{formatPercent(w.percent)}</td>
                <td>{t.basisPlan(w.daysWithPlan)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}

function CommentBox({ patientId, entry }: { patientId: string; entry: DiaryEntryView }) {
  const [comment, state] = useCommentEntryMutation();
  const [sent, setSent] = useState(false);
  const label = t.commentLabel(DIARY_MEAL_LABELS[entry.meal], formatDay(entry.date));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const text = String(new FormData(form).get('text') ?? '').trim();
    if (!text) return;
    setSent(false);
    void comment({ patientId, entryId: entry.id, text })
      .unwrap()
      .then(() => (form.reset(), setSent(true)))
      .catch(() => undefined);
  };
  return (
    <Form onSubmit={submit} className="mt-1">
      <Form.Group controlId={`comment-${entry.id}`}>
        <Form.Label className="visually-hidden">{label}</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control name="text" size="sm" maxLength={2000} placeholder={t.comment} required />
          <Button type="submit" size="sm" disabled={state.isLoading}>
            {t.comment}
          </Button>
        </div>
      </Form.Group>
      <div role="status" aria-live="polite">
        {state.isError && (
          <Alert variant="danger" className="mt-1 py-1">
            {errorMessage(state.error, t.commentError)}
          </Alert>
        )}
        {sent && <p className="small text-success mb-0">{t.commentSent}</p>}
      </div>
    </Form>
  );
}
