import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import type { ExternalCalendarView } from '@studio/contracts';
import { QuerySection } from '../../../components/ui/QuerySection';
import * as it from '../../../i18n/it';
import { errorMessage, useGetSessionQuery } from '../../../lib/api';
import { formatDateTime, formatSlotDay, formatSlotTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/pageTitle';
import { PATHS } from '../../../lib/paths';
import {
  useConnectExternalCalendarMutation,
  useDisconnectExternalCalendarMutation,
  useGetExternalCalendarQuery,
  useSyncExternalCalendarMutation,
} from './externalCalendarApi';

const t = it.externalCalendar;

/** the address, user and application password of a CalDAV calendar: kept only once the calendar lets us in */
function ConnectForm({ doctorId, current }: { doctorId: string; current: ExternalCalendarView }) {
  const [connect, connecting] = useConnectExternalCalendarMutation();
  const [url, setUrl] = useState(current.url ?? '');
  const [username, setUsername] = useState(current.username ?? '');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void connect({ doctorId, body: { url, username, password } })
      .unwrap()
      .then(() => setPassword(''))
      .catch(() => undefined);
  };
  return (
    <Form onSubmit={submit} className="mt-3">
      {connecting.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(connecting.error, t.loadError)}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="external-calendar-url">
        <Form.Label>{t.url}</Form.Label>
        <Form.Control type="url" required value={url} onChange={(e) => setUrl(e.target.value)} aria-describedby="external-calendar-url-hint" inputMode="url" />
        <Form.Text id="external-calendar-url-hint">{t.urlHint}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="external-calendar-username">
        <Form.Label>{t.username}</Form.Label>
        <Form.Control required autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="external-calendar-password">
        <Form.Label>{t.password}</Form.Label>
        <Form.Control
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby="external-calendar-password-hint"
        />
        <Form.Text id="external-calendar-password-hint">{t.passwordHint}</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={connecting.isLoading}>
        {connecting.isLoading ? t.connecting : t.connect}
      </Button>
    </Form>
  );
}

/** what the last sync found, "sincronizza ora", the conflicts with patients' visits, and disconnecting */
function Connection({ doctorId, view }: { doctorId: string; view: ExternalCalendarView }) {
  const [sync, syncing] = useSyncExternalCalendarMutation();
  const [disconnect, disconnecting] = useDisconnectExternalCalendarMutation();
  return (
    <>
      <p className="mb-1">
        <strong>{t.connected(view.url ?? '')}</strong>
      </p>
      <p className="mb-1">{view.lastSyncAt ? t.lastSync(formatDateTime(view.lastSyncAt)) : t.neverSynced}</p>
      <p className="mb-1">{t.busyTimes(view.busyTimes)}</p>
      <p className="small text-body-secondary">{t.interval(view.intervalMinutes)}</p>
      {view.lastError && (
        <Alert variant="warning">
          <strong>{t.lastError}:</strong> {view.lastError}
        </Alert>
      )}
      <div aria-live="polite">
        {syncing.isSuccess && syncing.data && <Alert variant="success">{t.synced(syncing.data.closed, syncing.data.reopened)}</Alert>}
        {syncing.isError && <Alert variant="danger">{errorMessage(syncing.error, t.loadError)}</Alert>}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={() => void sync(doctorId)} disabled={syncing.isLoading}>
          {syncing.isLoading ? t.syncing : t.syncNow}
        </Button>
        <Button
          variant="outline-danger"
          onClick={() => void disconnect(doctorId)}
          disabled={disconnecting.isLoading}
          aria-describedby="external-calendar-disconnect-hint"
        >
          {t.disconnect}
        </Button>
      </div>
      <p id="external-calendar-disconnect-hint" className="small text-body-secondary mt-1">
        {t.disconnectHint}
      </p>
      {view.conflicts.length > 0 && (
        <section aria-labelledby="external-calendar-conflicts" className="mt-3">
          <h2 id="external-calendar-conflicts" className="h6">
            {t.conflicts}
          </h2>
          <p className="small">{t.conflictsIntro}</p>
          <ul>
            {view.conflicts.map((c) => (
              <li key={c.start}>{t.conflict(formatSlotDay(c.start), formatSlotTime(c.start), formatSlotTime(c.end), c.status === 'booked')}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** /calendario-esterno: the doctor's own CalDAV calendar, both ways */
export function ExternalCalendarPage() {
  usePageTitle(it.titles.externalCalendar);
  const { data: session } = useGetSessionQuery();
  const doctorId = session?.user?.id ?? '';
  const calendar = useGetExternalCalendarQuery(doctorId, { skip: !doctorId });
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <Card>
        <Card.Body>
          <QuerySection query={calendar} errorText={t.loadError}>
            {(view) => (
              <>
                {view.connected ? <Connection doctorId={doctorId} view={view} /> : <p>{t.notConnected}</p>}
                <ConnectForm key={view.url ?? 'nuovo'} doctorId={doctorId} current={view} />
              </>
            )}
          </QuerySection>
        </Card.Body>
      </Card>
      <p className="mt-3">
        <Link to={PATHS.availability}>{t.back}</Link>
      </p>
    </>
  );
}
