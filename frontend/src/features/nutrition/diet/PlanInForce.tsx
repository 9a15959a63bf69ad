import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { formatDay } from '../../../lib/format';
import { PlanDays } from './PlanSheet';
import { useLazyGetDietAtQuery } from './libraryApi';

const t = it.dietLibrary.inForce;

/** The patient's plans history answered by date: the plan in force on the day picked, shown read only (the log keeps every plan). */
export function PlanInForce({ patientId }: { patientId: string }) {
  const [at, setAt] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [fetchAt, answer] = useLazyGetDietAtQuery();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!at) return;
    setShown(at);
    void fetchAt({ patientId, at });
  };

  return (
    <Form onSubmit={submit} className="d-flex flex-wrap align-items-end gap-2" aria-label={t.history}>
      <Form.Group controlId="diet-in-force-date">
        <Form.Label className="small mb-0">{t.date}</Form.Label>
        <Form.Control size="sm" type="date" value={at} onChange={(e) => setAt(e.target.value)} />
      </Form.Group>
      <Button size="sm" variant="outline-secondary" type="submit" disabled={!at}>
        {t.show}
      </Button>
      <Modal show={shown !== null} onHide={() => setShown(null)} size="lg" aria-labelledby="diet-in-force-title">
        <Modal.Header closeButton closeLabel={it.dietPlan.lists.close}>
          <Modal.Title id="diet-in-force-title" as="h2" className="h5">
            {shown && t.title(formatDay(shown))}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {answer.isFetching && <p role="status">…</p>}
          {!answer.isFetching && answer.isError && <Alert variant="warning">{errorMessage(answer.error)}</Alert>}
          {!answer.isFetching && answer.data && answer.originalArgs?.at === shown && (
            <>
              <p className="small text-body-secondary">
                {it.dietPlan.revisionLabel(
                  (answer.data.revision ?? 0) + 1,
                  answer.data.savedAt ? formatDay(answer.data.savedAt.slice(0, 10)) : '',
                  answer.data.doctorName,
                )}{' '}
                · {t.readOnly}
              </p>
              <PlanDays diet={answer.data} />
            </>
          )}
        </Modal.Body>
      </Modal>
    </Form>
  );
}
