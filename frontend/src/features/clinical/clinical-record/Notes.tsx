import { useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { type ClinicalRecordView } from '@studio/contracts';
import { formatDateTime, formatDay } from '../../../lib/format';
import { useSignNoteMutation } from './clinicalRecordApi';
import { text, today, resetWhenSaved } from './formValues';
import { Section, Submit } from './RecordFields';
import * as it from '../../../i18n/it';

const t = it.clinical;

export function Notes({ patientId, view }: { patientId: string; view: ClinicalRecordView }) {
  const [sign, state] = useSignNoteMutation();
  const [correcting, setCorrecting] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    resetWhenSaved(
      sign({ patientId, note: { visitDate: text(f, 'visitDate'), text: text(f, 'text'), ...(correcting ? { corrects: correcting } : {}) } }),
      form,
      () => setCorrecting(null),
    );
  };
  return (
    <Section title={t.notes}>
      {view.notes.length === 0 && <p>{t.noNotes}</p>}
      <ul className="list-unstyled">
        {view.notes.map((n) => (
          <li key={n.id} className="border-bottom py-2">
            <p className="mb-1 small text-body-secondary">
              {formatDay(n.visitDate)} · {t.signed(n.authorName, formatDateTime(n.signedAt))}
              {n.corrects && ` · ${t.corrects}`}
              {n.correctedBy.length > 0 && ` · ${t.correctedBy}`}
            </p>
            <p className="mb-1" style={{ whiteSpace: 'pre-wrap' }}>
              {n.text}
            </p>
            <Button size="sm" variant="outline-secondary" onClick={() => setCorrecting(n.id)}>
              {t.correct}
            </Button>
          </li>
        ))}
      </ul>
      <Form onSubmit={submit}>
        {correcting && <Alert variant="info">{t.correcting}</Alert>}
        <Row>
          <Col sm={4}>
            <Form.Group className="mb-2" controlId="note-visitDate">
              <Form.Label>{t.visitDate}</Form.Label>
              <Form.Control type="date" name="visitDate" defaultValue={today()} required />
            </Form.Group>
          </Col>
          <Col sm={8}>
            <Form.Group className="mb-2" controlId="note-text">
              <Form.Label>{t.noteText}</Form.Label>
              <Form.Control as="textarea" rows={3} name="text" required />
            </Form.Group>
          </Col>
        </Row>
        <Submit label={t.sign} state={state} />
      </Form>
    </Section>
  );
}
