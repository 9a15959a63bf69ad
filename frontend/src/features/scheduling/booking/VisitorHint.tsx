import type { ReactNode } from 'react';
import * as it from '../../../i18n/it';

/**
 * The line a visitor reads on /prenota: booking asks to register, or to log in. BookingPage and the page's first view
 * (app/FirstView.tsx) both draw it, each with its own link to the login (the first view has no router); only React,
 * for the latter.
 */
export function VisitorHint({ loginLink }: { loginLink: ReactNode }) {
  return (
    <p className="small text-body-secondary">
      {it.booking.visitorHint} {it.booking.haveAccount} {loginLink}
    </p>
  );
}
