import { usePageTitle } from '../../../lib/pageTitle';
import { VideoLink } from '../../../components/ui/VideoLink';
import { CancellationDetails } from '../../../components/ui/CancellationDetails';
import type { Answer, QuestionnaireView, Role } from '@studio/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Alert, Button, Card } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import { errorMessage, useGetSessionQuery } from '../../../lib/api';
import { localClock, localDateTime, utcClock, utcDay, utcDayLong } from '../../../lib/dates';
import { Loading } from '../../../components/ui/Loading';
import { BookingStatusBadge } from '../../../components/ui/BookingStatusBadge';
import { canManageCalendars, PATHS } from '../../../lib/paths';
import { patientPathFor } from '../../../lib/patientPaths';
import * as it from '../../../i18n/it';
import { useGetBookingQuery, useGetBookingReceiptsQuery, useGetPatientAnswersQuery } from './bookingDetailApi';

const t = it.bookingDetail;

function statusOf(error: unknown): number | string | undefined {
  return error && typeof error === 'object' && 'status' in error ? (error as FetchBaseQueryError).status : undefined;
}

/** the server's message, then what to do about it */
function ErrorAlert({ error, fallback, hints, onRetry }: { error: unknown; fallback: string; hints: { 403: string; 404: string }; onRetry: () => void }) {
  const status = statusOf(error);
  const hint = status === 403 ? hints[403] : status === 404 ? hints[404] : null;
  return (
    <Alert variant={hint ? 'warning' : 'danger'} role="alert">
      <p className="mb-1">{errorMessage(error, fallback)}</p>
      {hint ? (
        <p className="mb-0 small">{hint}</p>
      ) : (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          {it.app.retry}
        </Button>
      )}
    </Alert>
  );
}

function QuestionnaireAnswers({
  questionnaire,
  answers,
  answeredAt,
}: {
  questionnaire: QuestionnaireView;
  answers: Record<string, Answer>;
  answeredAt: string;
}) {
  return (
    <Card as="article" className="mb-3" data-questionnaire-id={questionnaire.id}>
      <Card.Body>
        <Card.Title as="h3" className="h5">
          {questionnaire.title}
        </Card.Title>
        <p className="small text-body-secondary">{t.answeredAt(localDateTime(answeredAt))}</p>
        <dl className="mb-0">
          {questionnaire.questions.map((q) => {
            const answer = answers[q.id];
            const labels = (answer?.choices ?? []).map((v) => q.options.find((o) => o.value === v)?.label ?? v);
            const text = answer?.text?.trim();
            return (
              <div key={q.id} className="mb-2" data-question-id={q.id}>
                <dt>{q.text}</dt>
                <dd className="mb-0">
                  <span className="visually-hidden">{t.choices}: </span>
                  {labels.length > 0 ? labels.join(', ') : <em>{t.noChoice}</em>}
                </dd>
                {text && (
                  <dd className="mb-0 text-body-secondary">
                    {q.textInput?.label ?? t.freeText}: {text}
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      </Card.Body>
    </Card>
  );
}

function PatientAnswers({ patientId }: { patientId: string }) {
  const answers = useGetPatientAnswersQuery(patientId, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="booking-answers-title" className="mt-4">
      <h2 className="h4" id="booking-answers-title">
        {t.answersTitle}
      </h2>
      {answers.isLoading && <Loading label={t.answersLoading} />}
      {answers.isError && (
        <ErrorAlert
          error={answers.error}
          fallback={t.answersError}
          hints={{ 403: t.answersForbiddenHint, 404: t.answersNotFoundHint }}
          onRetry={() => void answers.refetch()}
        />
      )}
      {answers.data && answers.data.questionnaires.length === 0 && <p>{t.noAnswers}</p>}
      {answers.data?.questionnaires.map((q) => (
        <QuestionnaireAnswers key={q.questionnaire.id} {...q} />
      ))}
    </section>
  );
}

/** the numbered receipt of a paid booking, as a PDF link (nothing while it is being issued) */
function BookingReceipts({ bookingId }: { bookingId: string }) {
  const receipts = useGetBookingReceiptsQuery(bookingId);
  if (!receipts.data || receipts.data.length === 0) return null;
  return (
    <>
      <dt className="col-sm-3">{t.receipt}</dt>
      <dd className="col-sm-9">
        {receipts.data.map((r) => (
          <a key={r.orderId} href={`/api/orders/${encodeURIComponent(r.orderId)}/receipt.pdf`} target="_blank" rel="noopener" className="me-2">
            {it.orders.fiscalReceipt(r.label)}
            {r.creditNote ? ` · ${it.orders.creditNote(r.creditNote)}` : ''}
          </a>
        ))}
      </dd>
    </>
  );
}

/** the booking's patient, a link to their screen where the reader has one */
function PatientName({ user, patient, treated }: { user: { role: Role } | null; patient: { id: string; name: string; surname: string }; treated: boolean }) {
  const name = `${patient.name} ${patient.surname}`;
  const href = patientPathFor(user?.role, patient, treated);
  return href ? <Link to={href}>{name}</Link> : <>{name}</>;
}

/** /prenotazioni/:id: the booking of a red slot (doctor, admin) or the patient's own */
export function BookingDetailPage() {
  usePageTitle(it.titles.bookingDetail);
  const { id = '' } = useParams();
  const { data: session } = useGetSessionQuery();
  const user = session?.user ?? null;
  const booking = useGetBookingQuery(id, { refetchOnMountOrArgChange: true });
  const staff = user ? canManageCalendars(user.role) : false;

  const back = staff ? (
    <Link to={user?.role === 'admin' && booking.data ? `${PATHS.availability}?${new URLSearchParams({ for: booking.data.doctorId })}` : PATHS.availability}>
      {t.backToCalendar}
    </Link>
  ) : (
    <Link to={PATHS.home}>{t.backHome}</Link>
  );
  const backToAgenda = staff ? (
    <Link
      className="ms-3"
      to={user?.role === 'admin' && booking.data ? `${PATHS.agenda}?${new URLSearchParams({ for: booking.data.doctorId })}` : PATHS.agenda}
    >
      {t.backToAgenda}
    </Link>
  ) : null;

  if (!user) return null;
  const b = booking.data;

  return (
    <div className="app-booking-detail">
      <h1 className="h3">{t.title}</h1>
      {booking.isLoading && <Loading label={t.loading} />}
      {booking.isError && (
        <ErrorAlert error={booking.error} fallback={t.error} hints={{ 403: t.forbiddenHint, 404: t.notFoundHint }} onRetry={() => void booking.refetch()} />
      )}
      {b && (
        <>
          <dl className="row mb-0" data-booking-id={b.id} data-status={b.status}>
            <dt className="col-sm-3">{t.when}</dt>
            <dd className="col-sm-9">{it.myBookings.when(utcDayLong(b.start), utcClock(b.start), utcClock(b.end))}</dd>
            <dt className="col-sm-3">{t.doctor}</dt>
            <dd className="col-sm-9">{b.doctorName}</dd>
            <dt className="col-sm-3">{t.status}</dt>
            <dd className="col-sm-9">
              <BookingStatusBadge status={b.status} />
            </dd>
            {b.visit && (
              <>
                <dt className="col-sm-3">{it.journey.what}</dt>
                <dd className="col-sm-9">{`${b.visit.name} · ${it.journey.minutes(b.visit.minutes)}`}</dd>
              </>
            )}
            {b.status === 'confirmed' && b.video && (
              <>
                <dt className="col-sm-3">{it.journey.where}</dt>
                <dd className="col-sm-9">
                  {it.journey.online}
                  <VideoLink video={b.video} />
                </dd>
              </>
            )}
            {b.status === 'cancelled' && b.cancellation && (
              <dd className="col-sm-9 offset-sm-3">
                <CancellationDetails cancellation={b.cancellation} />
              </dd>
            )}
            {b.status === 'confirmed' && <BookingReceipts bookingId={b.id} />}
            {b.status === 'held' && (
              <>
                <dt className="col-sm-3">{t.expiresAt}</dt>
                <dd className="col-sm-9">{localClock(b.expiresAt)}</dd>
              </>
            )}
          </dl>
          {staff && b.patient && (
            <section aria-labelledby="booking-patient-title" className="mt-4 app-booking-patient">
              <h2 className="h4" id="booking-patient-title">
                {t.patientTitle}
              </h2>
              <dl className="row mb-0">
                <dt className="col-sm-3">{t.patientName}</dt>
                <dd className="col-sm-9">
                  <PatientName user={user} patient={b.patient} treated={b.status !== 'held' && b.status !== 'cancelled'} />
                </dd>
                <dt className="col-sm-3">{t.patientPhone}</dt>
                <dd className="col-sm-9">{b.patient.phone ? <a href={`tel:${b.patient.phone}`}>{b.patient.phone}</a> : <em>{t.notGiven}</em>}</dd>
                <dt className="col-sm-3">{t.patientEmail}</dt>
                <dd className="col-sm-9">
                  <a href={`mailto:${b.patient.email}`}>{b.patient.email}</a>
                </dd>
                {b.patient.taxcode && (
                  <>
                    <dt className="col-sm-3">{t.patientTaxcode}</dt>
                    <dd className="col-sm-9">{b.patient.taxcode}</dd>
                  </>
                )}
              </dl>
            </section>
          )}
          {staff && (b.status === 'confirmed' || b.status === 'completed') && (
            <p className="mt-3">
              {/* the agenda of that day opens the "Prenota il controllo" dialog for this visit */}
              <Link
                className="btn btn-outline-primary btn-sm"
                to={`${PATHS.agenda}?${new URLSearchParams({
                  day: utcDay(b.start),
                  view: 'day',
                  followUp: b.id,
                  ...(user.role === 'admin' ? { for: b.doctorId } : {}),
                })}`}
              >
                {t.followUp}
              </Link>
            </p>
          )}
          {staff && <PatientAnswers patientId={b.patientId} />}
        </>
      )}
      <p className="mt-3">
        {back}
        {backToAgenda}
      </p>
    </div>
  );
}
