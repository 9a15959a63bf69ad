import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { useLocation } from 'react-router-dom';
import { readPendingBooking } from '../../lib/pendingBooking';
import { PATHS } from '../../lib/paths';
import { bookingInTab, framed, type WidgetBookingState } from '../../lib/widgetHost';

/**
 * Where the notice sends the visitor from the registration and login pages: the booking with the choice kept in
 * sessionStorage or, where the frame's storage is blocked, with what the booking page handed over in the router state.
 */
export function keptBookingHref(state: unknown): string {
  const pending = readPendingBooking();
  return pending ? bookingInTab(pending.doctorId, pending.visitTypeId) : ((state as WidgetBookingState | null)?.widgetBooking ?? PATHS.booking);
}

/**
 * In the widget's frame on another site, a browser that blocks that frame's cookies (Safari, Firefox's strict mode,
 * Chrome without third-party cookies, and Chrome's incognito windows) would let the patient choose and then fail to
 * log in: the page says so at once and offers the booking in a tab of its own, with the same choice: the booking page's
 * own address without the frame's mark or, with `keptChoice` (the registration and login pages), the booking with the
 * choice kept.
 */
export function WidgetNotice({ keptChoice = false }: { keptChoice?: boolean }) {
  const location = useLocation();
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!framed()) return;
    if (!navigator.cookieEnabled) return setBlocked(true);
    void document.hasStorageAccess?.().then(
      (granted) => setBlocked(!granted),
      () => setBlocked(true),
    );
  }, []);
  if (!blocked) return null;
  const here = new URL(keptChoice ? keptBookingHref(location.state) : window.location.href, window.location.href);
  here.searchParams.delete('widget');
  return (
    <Alert variant="warning" role="status">
      {it.booking.widgetBlocked}{' '}
      <a href={here.toString()} target="_blank" rel="noopener noreferrer">
        {it.booking.widgetOpenTab}
      </a>
    </Alert>
  );
}
