import type { BookingView } from '@studio/contracts';
import { Alert, Card } from 'react-bootstrap';
import { utcClock, utcDayLong } from '../../../lib/dates';
import { PolicyLine } from '../../../components/ui/PolicyLine';
import { HoldCountdown } from '../../../components/ui/HoldCountdown';
import * as it from '../../../i18n/it';

const t = it.payments;

/** what is being paid for: doctor, day and hour, the chosen product, the hold's countdown, the cancellation policy */
export function PaymentSummary({ booking, productName }: { booking: BookingView; productName: string | null }) {
  return (
    <Card className="mb-4 app-payment-summary" data-booking-id={booking.id}>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t.summaryTitle}
        </Card.Title>
        <dl className="row mb-2">
          <dt className="col-sm-3">{t.summaryDoctor}</dt>
          <dd className="col-sm-9">{booking.doctorName}</dd>
          <dt className="col-sm-3">{t.summaryWhen}</dt>
          <dd className="col-sm-9">{it.myBookings.when(utcDayLong(booking.start), utcClock(booking.start), utcClock(booking.end))}</dd>
          <dt className="col-sm-3">{t.summaryProduct}</dt>
          <dd className="col-sm-9">{productName ?? <em>{t.summaryNoProduct}</em>}</dd>
        </dl>
        {booking.status === 'held' ? (
          <HoldCountdown expiresAt={booking.expiresAt} />
        ) : (
          <Alert variant="warning" className="mb-2">
            {t.bookingNotHeld}
          </Alert>
        )}
        {booking.policy && <PolicyLine policy={booking.policy} />}
      </Card.Body>
    </Card>
  );
}
