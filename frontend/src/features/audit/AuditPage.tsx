import { usePageTitle } from '../../lib/pageTitle';
import { lazy, Suspense } from 'react';
import { Card, Spinner } from 'react-bootstrap';
import { useGetSessionQuery } from '../../lib/api';
import * as it from '../../i18n/it';
import { EventBrowser } from './EventBrowser';
import { ErasePanel, PatientAsOfPanel, RebuildPanel, VerifyPanel } from './Panels';

// FullCalendar only when the page is shown (as the availability page does)
const AsOfCalendars = lazy(() => import('./AsOfCalendars').then((m) => ({ default: m.AsOfCalendars })));

/** the auditor's history (auditor and admin); rebuild and erasure are the admin's */
export function AuditPage() {
  usePageTitle(it.titles.audit);
  const { data } = useGetSessionQuery();
  const admin = data?.user?.role === 'admin';
  return (
    <>
      <h1 className="h3">{it.audit.title}</h1>
      <p>{it.audit.intro}</p>
      <Card className="mb-3">
        <Card.Body>
          <VerifyPanel />
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Body>
          <Suspense fallback={<Spinner animation="border" size="sm" />}>
            <AsOfCalendars />
          </Suspense>
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Body>
          <PatientAsOfPanel />
        </Card.Body>
      </Card>
      {admin && (
        <Card className="mb-3">
          <Card.Body className="d-grid gap-4">
            <RebuildPanel />
            <ErasePanel />
          </Card.Body>
        </Card>
      )}
      <Card className="mb-3">
        <Card.Body>
          <EventBrowser />
        </Card.Body>
      </Card>
    </>
  );
}
