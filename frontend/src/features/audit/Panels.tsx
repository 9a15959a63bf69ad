import { AUDIT_REBUILD_PROGRESS, AUDIT_REBUILD_WATCH, type RebuildProgressMessage } from '@studio/contracts';
import { useEffect, useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import { errorMessage } from '../../lib/api';
import { formatEuro } from '../../lib/money';
import { getSharedSocket } from '../../lib/socket';
import { ModalForm } from '../../components/ui';
import * as it from '../../i18n/it';
import { PatientField, usePatientId } from './PatientField';
import { useGetProjectionsQuery, useLazyGetPatientAsOfQuery, useLazyVerifyLogQuery, useRebuildProjectionMutation } from './auditApi';
import { formatInstant, localInputToIso } from './format';
import { InstantQueryForm } from './InstantQueryForm';

export function VerifyPanel() {
  const [stream, setStream] = useState('');
  const [verify, result] = useLazyVerifyLogQuery();
  const answer = result.currentData;
  return (
    <section aria-labelledby="verify-heading">
      <h2 id="verify-heading" className="h5">
        {it.audit.verifyTitle}
      </h2>
      <Form
        className="d-flex flex-wrap gap-2 align-items-end mb-2"
        onSubmit={(e) => {
          e.preventDefault();
          void verify(stream.trim() || undefined);
        }}
      >
        <Form.Group controlId="verify-stream">
          <Form.Label>{it.audit.stream}</Form.Label>
          <Form.Control value={stream} onChange={(e) => setStream(e.target.value)} />
        </Form.Group>
        <Button type="submit" variant="outline-primary">
          {stream.trim() ? it.audit.verifyStream : it.audit.verifyAll}
        </Button>
      </Form>
      {result.isError && <Alert variant="danger">{errorMessage(result.error, it.audit.verifyError)}</Alert>}
      {answer && !result.isFetching && (
        <Alert variant={answer.ok ? 'success' : 'danger'} data-testid="verify-result">
          {answer.ok || !answer.firstBroken
            ? it.audit.verifyOk(answer.checked)
            : it.audit.verifyBroken(answer.firstBroken.stream, answer.firstBroken.revision, answer.firstBroken.position)}
        </Alert>
      )}
    </section>
  );
}

export function PatientAsOfPanel() {
  const [patientText, setPatientText] = useState('');
  const patientId = usePatientId(patientText);
  const [instant, setInstant] = useState('');
  const [load, result] = useLazyGetPatientAsOfQuery();
  const record = result.currentData;
  return (
    <section aria-labelledby="patient-as-of-heading">
      <h2 id="patient-as-of-heading" className="h5">
        {it.audit.patientAsOfTitle}
      </h2>
      <InstantQueryForm
        id="patient-as-of"
        className="mb-2"
        instant={instant}
        onInstantChange={setInstant}
        onSubmit={() => {
          if (patientId.trim() && instant) void load({ patientId: patientId.trim(), at: localInputToIso(instant) });
        }}
        subject={<PatientField id="patient-as-of-id" value={patientText} onChange={setPatientText} required />}
      />
      {result.isError && <Alert variant="danger">{errorMessage(result.error, it.audit.asOfError)}</Alert>}
      {record && (
        <div data-testid="patient-as-of">
          <p>
            {it.audit.patientName}: <strong>{record.name}</strong> · {formatInstant(record.at)}
          </p>
          <h3 className="h6">{it.audit.bookings}</h3>
          {record.bookings.length === 0 ? (
            <p className="small">{it.audit.none}</p>
          ) : (
            <ul className="small">
              {record.bookings.map((b) => (
                <li key={b.id}>
                  {formatInstant(b.start)} — {it.audit.bookingStatus[b.status] ?? b.status}
                </li>
              ))}
            </ul>
          )}
          <h3 className="h6">{it.audit.orders}</h3>
          {record.orders.length === 0 ? (
            <p className="small">{it.audit.none}</p>
          ) : (
            <ul className="small">
              {record.orders.map((o) => (
                <li key={o.id}>
                  {o.productName} — {formatEuro(o.amountCents)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** admin: rebuild a projection; progress arrives over socket.io */
export function RebuildPanel() {
  const projections = useGetProjectionsQuery();
  const [chosen, setChosen] = useState('');
  const [rebuild, rebuilding] = useRebuildProjectionMutation();
  const [progress, setProgress] = useState<RebuildProgressMessage | null>(null);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void getSharedSocket().then((socket) => {
      if (left) return; // the panel closed while the socket loaded
      const watch = () => void socket.emit(AUDIT_REBUILD_WATCH, {});
      watch();
      socket.on('connect', watch);
      const onProgress = (m: RebuildProgressMessage) => setProgress(m);
      socket.on(AUDIT_REBUILD_PROGRESS, onProgress);
      stop = () => {
        socket.off('connect', watch);
        socket.off(AUDIT_REBUILD_PROGRESS, onProgress);
      };
    });
    return () => {
      left = true;
      stop?.();
    };
  }, []);

  const percent = progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <section aria-labelledby="rebuild-heading">
      <h2 id="rebuild-heading" className="h5">
        {it.audit.rebuildTitle}
      </h2>
      <p className="small">{it.audit.rebuildIntro}</p>
      <Form
        className="d-flex flex-wrap gap-2 align-items-end mb-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) {
            setProgress(null);
            void rebuild(chosen);
          }
        }}
      >
        <Form.Group controlId="rebuild-projection">
          <Form.Label>{it.audit.projection}</Form.Label>
          <Form.Select value={chosen} onChange={(e) => setChosen(e.target.value)} required>
            <option value="" />
            {projections.data?.map((p) => (
              <option key={p} value={p}>
                {it.audit.projections[p] ? `${it.audit.projections[p]} (${p})` : p}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" variant="outline-danger" disabled={rebuilding.isLoading}>
          {it.audit.rebuild}
        </Button>
      </Form>
      {rebuilding.isError && <Alert variant="danger">{errorMessage(rebuilding.error)}</Alert>}
      {progress && (
        <div data-testid="rebuild-progress">
          <ProgressBar
            now={percent}
            label={`${percent}%`}
            variant={progress.error ? 'danger' : progress.finished ? 'success' : 'info'}
            animated={!progress.finished}
          />
          <p className="small mt-1">
            {it.audit.projections[progress.projection] ?? progress.projection}:{' '}
            {it.audit.rebuildProgress(progress.done, progress.total, progress.eventsPerSecond)}
            {progress.finished && !progress.error && ` ${it.audit.rebuildDone}`}
            {progress.error && ` ${progress.error}`}
          </p>
        </div>
      )}
    </section>
  );
}

/** admin: the right to erasure, in a modal form that validates and closes on success */
export function ErasePanel() {
  const [show, setShow] = useState(false);
  const [patientText, setPatientText] = useState('');
  const patientId = usePatientId(patientText);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="erase-heading">
      <h2 id="erase-heading" className="h5">
        {it.audit.eraseTitle}
      </h2>
      <p className="small">{it.audit.eraseIntro}</p>
      <Button variant="outline-danger" onClick={() => setShow(true)}>
        {it.audit.erasePatient}
      </Button>
      {done && (
        <Alert variant="success" className="mt-2">
          {it.audit.erased(done)}
        </Alert>
      )}
      <ModalForm
        id="erase-form"
        show={show}
        onClose={() => setShow(false)}
        title={it.audit.erasePatient}
        action={`/api/audit/patients/${encodeURIComponent(patientId.trim())}/erase`}
        submitLabel={it.audit.eraseSubmit}
        submitVariant="danger"
        onSaved={() => setDone(patientId.trim())}
      >
        <div className="mb-2">
          <PatientField id="erase-patient" name="patient" value={patientText} onChange={setPatientText} required />
        </div>
        <Form.Check id="erase-confirm" name="confirm" required label={it.audit.eraseConfirm} feedback={it.audit.confirmRequired} feedbackType="invalid" />
      </ModalForm>
    </section>
  );
}
