import type { BookingStatus } from '@studio/contracts';
import { Badge } from 'react-bootstrap';
import * as it from '../../i18n/it';

/** one colour per booking state, the same on the patient's home, the booking's page and the agenda */
export const BOOKING_STATUS_VARIANT: Record<BookingStatus, string> = {
  held: 'warning',
  confirmed: 'success',
  expired: 'secondary',
  released: 'secondary',
  replaced: 'secondary',
  cancelled: 'secondary',
  completed: 'primary',
  no_show: 'danger',
};

/** the state's badge; the label defaults to the patient's wording (the agenda passes the staff's) */
export function BookingStatusBadge({ status, label, className }: { status: BookingStatus; label?: string; className?: string }) {
  return (
    // dark text on the yellow of "held", for contrast
    <Badge bg={BOOKING_STATUS_VARIANT[status]} text={status === 'held' ? 'dark' : undefined} className={className}>
      {label ?? it.myBookings.status[status]}
    </Badge>
  );
}
