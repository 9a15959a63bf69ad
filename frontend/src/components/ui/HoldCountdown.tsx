import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import * as it from '../../i18n/it';
import { countdown, localClock } from '../../lib/dates';
import { PATHS } from '../../lib/paths';
import { useNow } from '../../lib/useNow';

/**
 * "Orario riservato per te fino alle 10:15 (ancora 9:59)": a held slot's expiry, a real instant shown
 * in the viewer's zone, with the time left. Once past, says so and offers to choose again.
 */
export function HoldCountdown({ expiresAt, compact = false }: { expiresAt: string; compact?: boolean }) {
  const end = Date.parse(expiresAt);
  const now = useNow(1000, !Number.isNaN(end));
  if (Number.isNaN(end)) return null;
  const left = end - now;
  if (left <= 0) {
    return compact ? (
      <span className="text-danger">{it.hold.expired}</span>
    ) : (
      <Alert variant="warning" role="status" className="app-hold-countdown">
        <p className="mb-2">{it.hold.expired}</p>
        <Link to={PATHS.booking}>{it.hold.chooseAgain}</Link>
      </Alert>
    );
  }
  const text = (
    <>
      {it.hold.reservedUntil(localClock(expiresAt))} {/* the seconds are for the eyes; screen readers get the expiry time only */}
      <span aria-hidden="true">{it.hold.remaining(countdown(left))}</span>
    </>
  );
  return compact ? (
    <span className="app-hold-countdown">{text}</span>
  ) : (
    <Alert variant="info" role="status" className="app-hold-countdown">
      {text}
    </Alert>
  );
}
