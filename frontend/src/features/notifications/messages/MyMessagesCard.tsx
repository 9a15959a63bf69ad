import { EMERGENCY_NOTICE } from '@studio/contracts';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import * as it from '../../../i18n/it';

/**
 * The patient's /messaggi around its list: the title, what the page is for and the 112 notice, then `children`.
 * MyMessagesPage and the page's first view (app/FirstView.tsx) both draw it, so the notice, the page's largest text,
 * is painted before the app has loaded; only React and react-bootstrap, for the latter.
 */
export function MyMessagesCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <Card.Body>
        <h1 className="h3">{it.messages.title}</h1>
        <p>{it.messages.intro}</p>
        {/* Bootstrap's alert as markup: react-bootstrap's Alert would bring its fade transition into the first download */}
        <div role="alert" className="alert alert-warning fw-semibold">
          {EMERGENCY_NOTICE}
        </div>
        {children}
      </Card.Body>
    </Card>
  );
}
