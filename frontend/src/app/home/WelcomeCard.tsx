import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import type { SessionUser } from '@studio/contracts';
import * as it from '../../i18n/it';

/**
 * The greeting at the top of /home: whom it greets and what the page holds for their role, then `children` (the
 * role's shortcuts). HomeWelcome and the page's first view (app/FirstView.tsx) both draw it; only React and
 * react-bootstrap, for the latter.
 */
export function WelcomeCard({ user, children }: { user: Pick<SessionUser, 'name' | 'role'>; children?: ReactNode }) {
  return (
    <Card>
      <Card.Body>
        <h1 className="h3">{it.home.title(user.name)}</h1>
        <p className="mb-2">{it.home.text[user.role]}</p>
        {children}
      </Card.Body>
    </Card>
  );
}
