import { useState } from 'react';
import { Alert, Badge, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { useGetMyBookingsQuery, useReleaseBookingMutation, type MyBooking } from '../../../lib/bookingsApi';
import { utcClock, utcDayLong } from '../../../lib/dates';
import { HoldCountdown } from '../../../components/ui/HoldCountdown';
import { BookingStatusBadge } from '../../../components/ui/BookingStatusBadge';
import { LockableButton } from '../../../components/ui/LockableButton';
import { PATHS, paymentPath, questionnairePath } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import { CancelBooking, RescheduleBooking } from './BookingActions';
import { PolicyLine } from '../../../components/ui/PolicyLine';
import { VideoLink } from '../../../components/ui/VideoLink';
import { CancellationDetails } from '../../../components/ui/CancellationDetails';
import { calendarFileUrl } from './journeyApi';
import { QuerySection } from '../../../components/ui/QuerySection';

const t = it.myBookings;

/** where "Continua" takes a held booking: the questionnaire until it is answered, then payment */
export function resumePath(b: MyBooking): string {
  return b.resume === 'questionnaire' ? questionnairePath(b.id, b.doctorId) : paymentPath(b.id);
}

/** held first, then the others; each group by date */
export function sortBookings(list: readonly MyBooking[]): MyBooking[] {
  const rank = (b: MyBooking) => (b.status === 'held' ? 0 : b.status === 'confirmed' ? 1 : 2);
  return [...list].sort((a, b) => rank(a) - rank(b) || Date.parse(a.start) - Date.parse(b.start));
}

/** /home for a patient: their bookings (GET /api/me/bookings), a held one can be released */
export function MyBookings() {
  const bookings = useGetMyBookingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [release, releasing] = useReleaseBookingMutation();
  const [releasingId, setReleasingId] = useState<string | null>(null);
  const [lockKey, setLockKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  const onRelease = async (b: MyBooking) => {
    setReleasingId(b.id);
    try {
      await release({ bookingId: b.id, doctorId: b.doctorId }).unwrap();
    } catch {
      /* the alert shows it */
    }
    setReleasingId(null);
    setLockKey((k) => k + 1);
  };

  return (
    <section aria-labelledby="my-bookings-title" className="mt-4">
      <h2 className="h4" id="my-bookings-title">
        {t.title}
      </h2>
      <QuerySection query={bookings} loadingLabel={t.loading} errorText={t.error} />
      {releasing.isError && (
        <Alert variant="danger" role="alert" dismissible onClose={() => releasing.reset()} closeLabel={it.app.dismiss}>
          {errorMessage(releasing.error, t.releaseFailed)}
        </Alert>
      )}
      {releasing.isSuccess && (
        <Alert variant="success" role="status" dismissible onClose={() => releasing.reset()} closeLabel={it.app.dismiss}>
          {t.released}
        </Alert>
      )}
      {notice && (
        <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)} closeLabel={it.app.dismiss}>
          {notice}
        </Alert>
      )}
      {bookings.data && bookings.data.length === 0 && (
        <>
          <p>{t.empty}</p>
          <Link className="btn btn-primary" to={PATHS.booking}>
            {t.bookNow}
          </Link>
        </>
      )}
      {bookings.data && bookings.data.length > 0 && (
        <>
          <ListGroup as="ul" className="mb-3 app-my-bookings">
            {sortBookings(bookings.data).map((b) => (
              <ListGroup.Item as="li" key={b.id} data-booking-id={b.id} data-status={b.status}>
                <div className="d-flex flex-wrap align-items-start gap-2">
                  <div className="me-auto">
                    <p className="mb-1 fw-semibold">{t.when(utcDayLong(b.start), utcClock(b.start), utcClock(b.end))}</p>
                    <p className="mb-1">{t.with(b.doctorName)}</p>
                    <BookingStatusBadge status={b.status} />
                    {b.status === 'cancelled' && b.refunded && (
                      <Badge bg="info" className="ms-2">
                        {t.refunded}
                      </Badge>
                    )}
                    {b.status === 'held' && b.paymentInReview && (
                      <Badge bg="info" className="ms-2" data-testid="payment-in-review">
                        {it.payments.inReviewBadge}
                      </Badge>
                    )}
                    {b.status === 'held' && !b.paymentInReview && (
                      <p className="small mb-0 mt-1">
                        <HoldCountdown expiresAt={b.expiresAt} compact />
                      </p>
                    )}
                    {b.status === 'held' && b.resume && (
                      <p className="small mb-0">{t.continueHint(b.resume === 'questionnaire' ? t.stepQuestionnaire : t.stepPayment)}</p>
                    )}
                    {(b.status === 'held' || b.status === 'confirmed') && b.policy && <PolicyLine policy={b.policy} />}
                    {b.status === 'confirmed' && b.video && <VideoLink video={b.video} />}
                    {b.status === 'confirmed' && (
                      <a className="btn btn-link btn-sm px-0 app-ics-link" href={calendarFileUrl(b.id)} download>
                        {it.journey.addToCalendar}
                      </a>
                    )}
                    {b.status === 'cancelled' && b.cancellation && <CancellationDetails cancellation={b.cancellation} />}
                  </div>
                  {b.status === 'held' && (
                    <Link className="btn btn-primary btn-sm" to={resumePath(b)}>
                      {t.continue}
                    </Link>
                  )}
                  {b.status === 'confirmed' && b.policy?.canReschedule && <RescheduleBooking booking={b} onDone={setNotice} />}
                  {b.status === 'confirmed' && b.policy?.canCancel && <CancelBooking booking={b} onDone={setNotice} />}
                  {b.status === 'held' && (
                    <LockableButton
                      variant="outline-danger"
                      size="sm"
                      lockKey={lockKey}
                      disabled={releasingId !== null && releasingId !== b.id}
                      onClick={() => void onRelease(b)}
                    >
                      {releasingId === b.id ? t.releasing : t.release}
                    </LockableButton>
                  )}
                </div>
              </ListGroup.Item>
            ))}
          </ListGroup>
          <Link to={PATHS.booking}>{t.bookAnother}</Link>
        </>
      )}
    </section>
  );
}
