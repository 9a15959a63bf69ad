import type { DoctorSummary } from '@studio/contracts';
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useSetWholeDayMutation } from './availabilityApi';

const t = it.availability;

/** "apri tutta la giornata" / "chiudi tutta la giornata": every slot of the hours at once (the grid updates live) */
export function WholeDayForm({ doctor }: { doctor: DoctorSummary }) {
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [setWholeDay, state] = useSetWholeDayMutation();
  const run = (action: 'open' | 'close') => void setWholeDay({ doctorId: doctor.id, date, action });
  return (
    <section className="mt-4 border-top pt-3" aria-labelledby="whole-day-title">
      <h2 className="h6" id="whole-day-title">
        {t.wholeDayTitle}
      </h2>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId="whole-day-date">
          <Form.Label>{t.wholeDayDate}</Form.Label>
          <Form.Control type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        </Form.Group>
        <Button variant="outline-success" disabled={!date || state.isLoading} onClick={() => run('open')}>
          {t.openWholeDay}
        </Button>
        <Button variant="outline-secondary" disabled={!date || state.isLoading} onClick={() => run('close')}>
          {t.closeWholeDay}
        </Button>
      </div>
      {state.isSuccess && (
        <Alert variant="success" role="status" className="mt-2">
          {t.wholeDayDone(state.data.opened, state.data.closed)}
        </Alert>
      )}
      {state.isError && (
        <Alert variant="danger" role="alert" className="mt-2">
          {errorMessage(state.error, t.wholeDayFailed)}
        </Alert>
      )}
    </section>
  );
}
