import type { ClosureResult, DoctorSummary } from '@studio/contracts';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { isoDay, utcClock, utcDayLong } from '../../../lib/dates';
import * as it from '../../../i18n/it';
import {
  useAddClosureMutation,
  useApplyWeeklyScheduleMutation,
  useCopyWeekMutation,
  useGetWeeklyScheduleQuery,
  useSetWeeklyScheduleMutation,
} from './availabilityApi';
import { applyRange, checkWeek, copyMondayToWeekdays, emptyWeek, HALF_HOURS, mondayOf, nextRange, type Week } from './weeklySchedule';
import { QueryError } from '../../../components/ui/QuerySection';
import { useGetLocationsQuery } from '../../../lib/practiceApi';

const t = it.availability;

/**
 * "Orario settimanale": the hours of each weekday (several ranges a day), saved and applied to the coming
 * weeks; a week copied onto the next ones; closures that list the bookings they touch. Each tool writes the same slot
 * events as the toggles, one append per doctor-day; the calendar above follows from its live changes.
 */
export function WeeklySchedulePanel({ doctor, today = isoDay(new Date()) }: { doctor: DoctorSummary; today?: string }) {
  return (
    <section className="mt-4 border-top pt-3" aria-labelledby="weekly-schedule-title">
      <h2 className="h5" id="weekly-schedule-title">
        {t.weeklyTitle}
      </h2>
      <p className="small text-body-secondary">{t.weeklyIntro}</p>
      <p className="small">
        {t.visitTypesHint} <Link to={PATHS.visitTypes}>{t.visitTypesLink}</Link>
      </p>
      <ScheduleEditor doctor={doctor} today={today} />
      <CopyWeekForm doctor={doctor} today={today} />
      <ClosureForm doctor={doctor} today={today} />
    </section>
  );
}

function ScheduleEditor({ doctor, today }: { doctor: DoctorSummary; today: string }) {
  const saved = useGetWeeklyScheduleQuery(doctor.id);
  const [week, setWeek] = useState<Week>(emptyWeek);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useSetWeeklyScheduleMutation();
  const [apply, applying] = useApplyWeeklyScheduleMutation();
  const [weeks, setWeeks] = useState(8);
  // where each range is, when the practice has locations
  const locations = useGetLocationsQuery().data ?? [];

  useEffect(() => {
    if (saved.data?.days) setWeek(saved.data.days.map((ranges) => ranges.map((r) => ({ ...r }))));
  }, [saved.data]);

  const setDay = (day: number, change: (ranges: Week[number]) => Week[number]) => setWeek((w) => w.map((ranges, i) => (i === day ? change(ranges) : ranges)));

  const submit = async () => {
    const checked = checkWeek(week);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    try {
      await save({ doctorId: doctor.id, days: checked.days }).unwrap();
    } catch (error) {
      setProblem(errorMessage(error, t.weeklySaveFailed));
    }
  };

  const hasSchedule = Boolean(saved.data?.days);
  return (
    <>
      {saved.isError && <QueryError error={saved.error} fallback={t.weeklyLoadFailed} onRetry={saved.refetch} />}
      {saved.isSuccess && !hasSchedule && <p className="small">{t.weeklyNone}</p>}
      <Form
        aria-labelledby="weekly-schedule-title"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="d-grid gap-2 mb-2">
          {t.weekdays.map((name, day) => (
            <Card key={name} body className="p-0">
              <fieldset>
                <legend className="h6 mb-2">{name}</legend>
                {week[day].length === 0 && <p className="small text-body-secondary mb-2">{t.weeklyClosed}</p>}
                {week[day].map((range, n) => (
                  <div key={n} className="d-flex flex-wrap align-items-end gap-2 mb-2">
                    <Form.Group controlId={`weekly-${day}-${n}-from`}>
                      <Form.Label className="small mb-0">{t.weeklyFrom(name, n + 1)}</Form.Label>
                      <Form.Select
                        size="sm"
                        value={range.from}
                        onChange={(e) => setDay(day, (rs) => rs.map((r, j) => (j === n ? { ...r, from: e.target.value } : r)))}
                      >
                        {HALF_HOURS.slice(0, -1).map((h) => (
                          <option key={h}>{h}</option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                    <Form.Group controlId={`weekly-${day}-${n}-to`}>
                      <Form.Label className="small mb-0">{t.weeklyTo(name, n + 1)}</Form.Label>
                      <Form.Select
                        size="sm"
                        value={range.to}
                        onChange={(e) => setDay(day, (rs) => rs.map((r, j) => (j === n ? { ...r, to: e.target.value } : r)))}
                      >
                        {HALF_HOURS.slice(1).map((h) => (
                          <option key={h}>{h}</option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                    {locations.length > 0 && (
                      <Form.Group controlId={`weekly-${day}-${n}-location`}>
                        <Form.Label className="small mb-0">{t.weeklyLocation(name, n + 1)}</Form.Label>
                        <Form.Select
                          size="sm"
                          value={range.locationId ?? ''}
                          onChange={(e) =>
                            setDay(day, (rs) =>
                              rs.map((r, j) => (j === n ? { from: r.from, to: r.to, ...(e.target.value ? { locationId: e.target.value } : {}) } : r)),
                            )
                          }
                        >
                          <option value="">{t.weeklyNoLocation}</option>
                          {locations.map((l) => (
                            <option key={l.id} value={l.id}>
                              {l.name}
                            </option>
                          ))}
                        </Form.Select>
                      </Form.Group>
                    )}
                    <Button
                      variant="outline-danger"
                      size="sm"
                      aria-label={t.weeklyRemoveRange(name, n + 1)}
                      onClick={() => setDay(day, (rs) => rs.filter((_, j) => j !== n))}
                    >
                      ×
                    </Button>
                  </div>
                ))}
                <Button variant="outline-secondary" size="sm" disabled={week[day].length >= 6} onClick={() => setDay(day, (rs) => [...rs, nextRange(rs)])}>
                  {t.weeklyAddRange(name)}
                </Button>
              </fieldset>
            </Card>
          ))}
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" onClick={() => setWeek(copyMondayToWeekdays)}>
            {t.weeklyCopyMonday}
          </Button>
          <Button type="submit" disabled={saving.isLoading}>
            {saving.isLoading ? t.weeklySaving : t.weeklySave}
          </Button>
        </div>
        {problem && (
          <Alert variant="danger" role="alert" className="mt-2">
            {problem}
          </Alert>
        )}
        {saving.isSuccess && !problem && (
          <Alert variant="success" role="status" className="mt-2">
            {t.weeklySaved}
          </Alert>
        )}
      </Form>

      <div className="mt-3">
        <h3 className="h6">{t.applyTitle}</h3>
        <div className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group controlId="weekly-apply-weeks">
            <Form.Label>{t.applyWeeks}</Form.Label>
            <Form.Control type="number" min={1} max={17} value={weeks} onChange={(e) => setWeeks(Number(e.target.value))} />
          </Form.Group>
          <Button
            variant="outline-primary"
            disabled={!hasSchedule || applying.isLoading || !(weeks >= 1 && weeks <= 17)}
            onClick={() => void apply({ doctorId: doctor.id, ...applyRange(today, weeks) })}
          >
            {t.applyButton}
          </Button>
        </div>
        {saved.isSuccess && !hasSchedule && <p className="small text-body-secondary mt-1">{t.applyNeedsSchedule}</p>}
        {applying.isSuccess && (
          <Alert variant="success" role="status" className="mt-2">
            {t.applyDone(applying.data.opened, applying.data.closed, applying.data.days)}
          </Alert>
        )}
        {applying.isError && (
          <Alert variant="danger" role="alert" className="mt-2">
            {errorMessage(applying.error, t.applyFailed)}
          </Alert>
        )}
      </div>
    </>
  );
}

function CopyWeekForm({ doctor, today }: { doctor: DoctorSummary; today: string }) {
  const [from, setFrom] = useState(() => mondayOf(today));
  const [weeks, setWeeks] = useState(1);
  const [copy, state] = useCopyWeekMutation();
  return (
    <div className="mt-3">
      <h3 className="h6">{t.copyTitle}</h3>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId="copy-week-from">
          <Form.Label>{t.copyFrom}</Form.Label>
          <Form.Control type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Form.Group>
        <Form.Group controlId="copy-week-weeks">
          <Form.Label>{t.copyWeeks}</Form.Label>
          <Form.Control type="number" min={1} max={12} value={weeks} onChange={(e) => setWeeks(Number(e.target.value))} />
        </Form.Group>
        <Button variant="outline-primary" disabled={!from || state.isLoading} onClick={() => void copy({ doctorId: doctor.id, from, weeks })}>
          {t.copyButton}
        </Button>
      </div>
      {state.isSuccess && (
        <Alert variant="success" role="status" className="mt-2">
          {t.copyDone(state.data.opened, state.data.closed, state.data.days)}
        </Alert>
      )}
      {state.isError && (
        <Alert variant="danger" role="alert" className="mt-2">
          {errorMessage(state.error, t.copyFailed)}
        </Alert>
      )}
    </div>
  );
}

function ClosureForm({ doctor, today }: { doctor: DoctorSummary; today: string }) {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [reason, setReason] = useState('');
  const [add, state] = useAddClosureMutation();
  const result: ClosureResult | undefined = state.data;
  return (
    <div className="mt-3">
      <h3 className="h6">{t.closureTitle}</h3>
      <p className="small text-body-secondary">{t.closureIntro}</p>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId="closure-from">
          <Form.Label>{t.closureFrom}</Form.Label>
          <Form.Control type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Form.Group>
        <Form.Group controlId="closure-to">
          <Form.Label>{t.closureTo}</Form.Label>
          <Form.Control type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Form.Group>
        <Form.Group controlId="closure-reason" className="flex-grow-1">
          <Form.Label>{t.closureReason}</Form.Label>
          <Form.Control maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Form.Group>
        <Button variant="outline-danger" disabled={!from || !to || state.isLoading} onClick={() => void add({ doctorId: doctor.id, from, to, reason })}>
          {t.closureButton}
        </Button>
      </div>
      {result && state.isSuccess && (
        <Alert variant={result.bookings.length > 0 ? 'warning' : 'success'} role="status" className="mt-2">
          <p className="mb-1">{t.closureDone(result.closed, result.days)}</p>
          {result.bookings.length === 0 ? (
            <p className="mb-0">{t.closureNoBookings}</p>
          ) : (
            <>
              <p className="mb-1">{t.closureBookings(result.bookings.length)}</p>
              <ul className="mb-0">
                {result.bookings.map((b) => (
                  <li key={b.id}>
                    {t.closureBooking(utcDayLong(b.start), utcClock(b.start), utcClock(b.end))} ({t.bookingStatus[b.status] ?? b.status}) —{' '}
                    <Link to={`/prenotazioni/${encodeURIComponent(b.id)}`}>{t.closureOpenBooking}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      {state.isError && (
        <Alert variant="danger" role="alert" className="mt-2">
          {errorMessage(state.error, t.closureFailed)}
        </Alert>
      )}
    </div>
  );
}
