import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { formatDay, formatNumber } from '../../../lib/format';
import * as it from '../../../i18n/it';
import { useGetMySelfMeasurementsQuery, useReportMeasurementMutation } from './diaryApi';

const t = it.diary;
const decimal = (v: FormDataEntryValue | null) => {
  const s = String(v ?? '')
    .trim()
    .replace(',', '.');
  return s === '' ? undefined : Number(s);
};

/** the weight (and waist) the patient measures at home, marked self-reported for the doctor */
export function SelfMeasurementCard({ today }: { today: string }) {
  const list = useGetMySelfMeasurementsQuery();
  const [report, state] = useReportMeasurementMutation();
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const waistCm = decimal(f.get('waistCm'));
    setSaved(false);
    void report({ date: String(f.get('date')), weightKg: decimal(f.get('weightKg')) as number, ...(waistCm ? { waistCm } : {}) })
      .unwrap()
      .then(() => (form.reset(), setSaved(true)))
      .catch(() => undefined);
  };
  const recent = (list.data ?? []).slice(-5).reverse();
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{t.weightTitle}</h2>
        <p className="small">{t.weightText}</p>
        <Form onSubmit={submit}>
          <Row className="g-2">
            <Col xs={12} sm={4}>
              <Form.Group controlId="self-date">
                <Form.Label>{t.date}</Form.Label>
                <Form.Control type="date" name="date" defaultValue={today} max={today} required />
              </Form.Group>
            </Col>
            <Col xs={6} sm={4}>
              <Form.Group controlId="self-weight">
                <Form.Label>{t.weight}</Form.Label>
                <Form.Control name="weightKg" inputMode="decimal" required />
              </Form.Group>
            </Col>
            <Col xs={6} sm={4}>
              <Form.Group controlId="self-waist">
                <Form.Label>{t.waist}</Form.Label>
                <Form.Control name="waistCm" inputMode="decimal" />
              </Form.Group>
            </Col>
          </Row>
          <div role="status" aria-live="polite" className="mt-2">
            {state.isError && <Alert variant="danger">{errorMessage(state.error, t.weightError)}</Alert>}
            {saved && <Alert variant="success">{t.weightSaved}</Alert>}
          </div>
          <Button type="submit" className="mt-2" disabled={state.isLoading}>
            {t.saveWeight}
          </Button>
        </Form>
        {recent.length > 0 && (
          <ul className="list-unstyled mt-3 mb-0">
            {recent.map((m) => (
              <li key={m.id}>
                {formatDay(m.date)}: {formatNumber(m.weightKg)} kg{m.waistCm ? `, vita ${formatNumber(m.waistCm)} cm` : ''}{' '}
                <span className="small text-body-secondary">({m.acceptedAs ? t.accepted : t.selfReported})</span>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
