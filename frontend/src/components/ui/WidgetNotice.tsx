import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { framed } from '../../lib/widgetHost';

/**
 * In the widget's frame on another site, a browser that blocks that frame's cookies (Safari, Firefox's strict mode,
 * Chrome without third-party cookies, and Chrome's incognito windows) would let the patient choose and then fail to
 * log in: the page says so at once and offers the booking in a tab of its own, with the same choice. `href`: where
 * that tab opens (the booking page's own address, without the frame's mark, unless given).
 */
export function WidgetNotice({ href }: { href?: string }) {
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
  const here = new URL(href ?? window.location.href, window.location.href);
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
