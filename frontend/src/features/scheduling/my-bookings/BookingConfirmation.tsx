import type { BookingView } from '@studio/contracts';
import { useEffect, useRef } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { utcClock, utcDayLong } from '../../../lib/dates';
import { useGetPracticeQuery } from '../../../lib/practiceApi';
import { Loading } from '../../../components/ui/Loading';
import { PolicyLine } from '../../../components/ui/PolicyLine';
import * as it from '../../../i18n/it';
import { calendarFileUrl, useGetConfirmedBookingQuery } from './journeyApi';
import { VideoLink } from '../../../components/ui/VideoLink';

const t = it.journey;

const minutesOf = (b: BookingView) => b.visit?.minutes ?? Math.round((Date.parse(b.end) - Date.parse(b.start)) / 60_000);

/**
 * What a patient sees on /home right after paying (a confirmed payment goes to /home): what, when, where or
 * the video link (what: the visit type, or the product paid for when the booking has none), "Aggiungi al calendario", that an email is on its way, and how to cancel or move. The heading
 * takes the focus on arrival, so a screen reader starts here.
 */
export function BookingConfirmation({ bookingId, productName }: { bookingId: string; productName?: string }) {
  const booking = useGetConfirmedBookingQuery(bookingId, { refetchOnMountOrArgChange: true });
  const practice = useGetPracticeQuery();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = booking.data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (booking.isLoading) return <Loading label={t.loading} />;
  if (booking.isError) return <Alert variant="danger">{errorMessage(booking.error, t.error)}</Alert>;
  const b = booking.data;
  if (!b) return null;
  const confirmed = b.status === 'confirmed';
  const where = [practice.data?.name, practice.data?.address].filter(Boolean).join(', ');
  return (
    <Card className="mt-4 border-success app-booking-confirmation" data-booking-id={b.id} as="section" aria-labelledby="booking-confirmation-title">
      <Card.Body>
        <h2 className="h4" id="booking-confirmation-title" tabIndex={-1} ref={heading}>
          {confirmed ? t.confirmedTitle : t.notConfirmed}
        </h2>
        {confirmed && <p>{t.confirmedLead}</p>}
        <dl className="row mb-2">
          <dt className="col-sm-3">{t.what}</dt>
          <dd className="col-sm-9">{b.visit?.name ?? productName ?? t.what}</dd>
          <dt className="col-sm-3">{t.withDoctor}</dt>
          <dd className="col-sm-9">{b.doctorName}</dd>
          <dt className="col-sm-3">{t.when}</dt>
          <dd className="col-sm-9">{it.myBookings.when(utcDayLong(b.start), utcClock(b.start), utcClock(b.end))}</dd>
          <dt className="col-sm-3">{t.duration}</dt>
          <dd className="col-sm-9">{t.minutes(minutesOf(b))}</dd>
          <dt className="col-sm-3">{t.where}</dt>
          <dd className="col-sm-9">
            {b.video ? (
              <>
                {t.online}
                <VideoLink video={b.video} />
              </>
            ) : (
              where
            )}
          </dd>
        </dl>
        {confirmed && (
          <>
            <p className="d-flex flex-wrap gap-2">
              <a className="btn btn-primary" href={calendarFileUrl(b.id)} download>
                {t.addToCalendar}
              </a>
              <a className="btn btn-outline-primary" href="#my-bookings-title">
                {t.manageLink}
              </a>
            </p>
            <p className="mb-2">{t.emailSent}</p>
          </>
        )}
        {b.policy && (
          <>
            <h3 className="h6 mb-1">{t.howToCancel}</h3>
            <PolicyLine policy={b.policy} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
