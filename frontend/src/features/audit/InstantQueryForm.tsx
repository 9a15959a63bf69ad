import type { ReactNode } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import * as it from '../../i18n/it';

/** the as-of forms: who (a field of the caller's) and an instant, then "show" */
export function InstantQueryForm({
  id,
  subject,
  instant,
  onInstantChange,
  onSubmit,
  className,
}: {
  id: string;
  /** the first field: a doctor select, a patient id… */
  subject: ReactNode;
  instant: string;
  onInstantChange: (value: string) => void;
  onSubmit: () => void;
  className: string;
}) {
  return (
    <Form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Row className="g-2 align-items-end">
        <Col sm={5}>{subject}</Col>
        <Col sm={5}>
          <Form.Group controlId={`${id}-instant`}>
            <Form.Label>{it.audit.instant}</Form.Label>
            <Form.Control type="datetime-local" step={1} value={instant} onChange={(e) => onInstantChange(e.target.value)} required />
          </Form.Group>
        </Col>
        <Col sm={2}>
          <Button type="submit">{it.audit.show}</Button>
        </Col>
      </Row>
    </Form>
  );
}
