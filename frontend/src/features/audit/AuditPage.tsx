import { Card } from 'react-bootstrap';
import { useGetSessionQuery } from '../../app/api';
import { it } from '../../i18n/it';
import { AsOfCalendars } from './AsOfCalendars';
import { EventBrowser } from './EventBrowser';
import { ErasePanel, PatientAsOfPanel, RebuildPanel, VerifyPanel } from './Panels';

/** the auditor's history (auditor and admin); rebuild and erasure are the admin's */
export function AuditPage() {
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
          <AsOfCalendars />
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
