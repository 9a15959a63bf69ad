import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useJoinWaitingListMutation } from './waitingListApi';

const t = it.waitingList;

/** a patient who finds no hour that suits them waits for one of this doctor's days to free up */
export function WaitingListForm({ doctorId, firstDay, lastDay }: { doctorId: string; firstDay: string; lastDay: string }) {
  const [from, setFrom] = useState(firstDay);
  // the whole horizon by default: waiting for "today only" is rarely what a patient means
  const [to, setTo] = useState(lastDay);
  const [join, state] = useJoinWaitingListMutation();
  const chooseFrom = (day: string) => {
    setFrom(day);
    if (day > to) setTo(day);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void join({ doctor_id: doctorId, from, to });
  };
  return (
    <section aria-labelledby="waiting-list-title" className="mt-4 border-top pt-3">
      <h2 className="h6" id="waiting-list-title">
        {t.title}
      </h2>
      <p className="small text-body-secondary">{t.intro}</p>
      {state.isSuccess ? (
        <Alert variant="success" role="status">
          {t.joined}
        </Alert>
      ) : (
        <Form onSubmit={onSubmit} className="d-flex flex-wrap align-items-end gap-2" aria-label={t.title}>
          <Form.Group controlId="waiting-from">
            <Form.Label className="small">{t.from}</Form.Label>
            <Form.Control type="date" value={from} min={firstDay} max={lastDay} onChange={(e) => chooseFrom(e.target.value)} required />
          </Form.Group>
          <Form.Group controlId="waiting-to">
            <Form.Label className="small">{t.to}</Form.Label>
            <Form.Control type="date" value={to} min={from} max={lastDay} onChange={(e) => setTo(e.target.value)} required />
          </Form.Group>
          <Button type="submit" variant="outline-primary" disabled={state.isLoading}>
            {state.isLoading ? t.joining : t.join}
          </Button>
        </Form>
      )}
      {state.isError && (
        <Alert variant="danger" role="alert" className="mt-2">
          {errorMessage(state.error, t.failed)}
        </Alert>
      )}
    </section>
  );
}
