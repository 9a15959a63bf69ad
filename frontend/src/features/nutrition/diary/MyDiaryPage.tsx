import { useState } from 'react';
import { DIARY_MEAL_LABELS, type DiaryEntryView } from '@studio/contracts';
import { Button, Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QuerySection } from '../../../components/ui/QuerySection';
import { errorMessage } from '../../../lib/api';
import { formatDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/pageTitle';
import * as it from '../../../i18n/it';
import { DiaryDays } from './DiaryDays';
import { DiaryEntryForm } from './DiaryEntryForm';
import { localToday, weekOf } from './diaryDates';
import { useDeleteEntryMutation, useGetMyDiaryQuery } from './diaryApi';
import { SelfMeasurementCard } from './SelfMeasurementCard';

const t = it.diary;

/** /diario: the patient logs a meal, reads the week's meals with the doctor's comments, and logs their weight */
export function MyDiaryPage() {
  usePageTitle(t.title);
  const today = localToday();
  const [offset, setOffset] = useState(0);
  const week = weekOf(today, offset);
  const query = useGetMyDiaryQuery(week);
  const [remove, removing] = useDeleteEntryMutation();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [editing, setEditing] = useState<DiaryEntryView | null>(null);
  return (
    <div className="my-diary">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">{t.title}</h1>
        <Link to="/home" className="btn btn-outline-secondary btn-sm">
          {it.titles.home}
        </Link>
      </div>
      <Card className="mb-3">
        <Card.Body>
          {editing ? (
            <DiaryEntryForm key={editing.id} today={today} editing={editing} onDone={() => setEditing(null)} />
          ) : (
            <DiaryEntryForm key="new" today={today} />
          )}
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Body>
          <nav aria-label={t.week(formatDay(week.from), formatDay(week.to))} className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <Button variant="outline-secondary" size="sm" onClick={() => setOffset(offset - 1)}>
              {t.previousWeek}
            </Button>
            <h2 className="h6 mb-0 mx-auto text-center">{t.week(formatDay(week.from), formatDay(week.to))}</h2>
            <Button variant="outline-secondary" size="sm" onClick={() => setOffset(offset + 1)} disabled={offset >= 0}>
              {t.nextWeek}
            </Button>
          </nav>
          <QuerySection
            query={query}
            loadingLabel={t.loading}
            errorText={t.loadError}
            empty={<p className="mb-0">{t.empty}</p>}
            isEmpty={(d) => d.entries.length === 0}
          >
            {(diary) => (
              <DiaryDays
                entries={diary.entries}
                actions={(entry) => (
                  <div className="d-flex gap-3">
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0"
                      aria-label={t.editLabel(DIARY_MEAL_LABELS[entry.meal], formatDay(entry.date))}
                      onClick={() => (setEditing(entry), window.scrollTo?.(0, 0))}
                    >
                      {t.edit}
                    </Button>
                    <Button
                      variant="link"
                      size="sm"
                      className="text-danger p-0"
                      aria-label={t.deleteLabel(DIARY_MEAL_LABELS[entry.meal], formatDay(entry.date))}
                      onClick={() => setToDelete(entry.id)}
                    >
                      {t.delete}
                    </Button>
                  </div>
                )}
              />
            )}
          </QuerySection>
        </Card.Body>
      </Card>
      <SelfMeasurementCard today={today} />
      <ConfirmDialog
        show={toDelete !== null}
        titleId="diary-delete-title"
        title={t.deleteTitle}
        backLabel={t.keep}
        confirmLabel={t.delete}
        confirmVariant="danger"
        busy={removing.isLoading}
        error={removing.isError ? errorMessage(removing.error, t.saveError) : null}
        onBack={() => setToDelete(null)}
        onConfirm={() =>
          void remove(toDelete!)
            .unwrap()
            .then(() => setToDelete(null))
            .catch(() => undefined)
        }
      >
        <p className="mb-0">{t.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}
