import { type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, type FormControlProps, type FormSelectProps } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';

const t = it.clinical;

function Status({ error, done }: { error: unknown; done: boolean }) {
  if (error)
    return (
      <Alert variant="danger" className="mt-2 mb-0">
        {errorMessage(error, t.saveError)}
      </Alert>
    );
  if (done)
    return (
      <p role="status" className="text-success mt-2 mb-0">
        {t.saved}
      </p>
    );
  return null;
}

/** one card of the record: its heading and content */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{title}</h2>
        {children}
      </Card.Body>
    </Card>
  );
}

/** a labelled choice among a catalogue's options; `empty` adds a first blank option */
export function SelectField({
  id,
  label,
  options,
  empty,
  ...select
}: { id: string; label: string; options: Record<string, string>; empty?: string } & FormSelectProps & {
    name?: string;
    defaultValue?: string;
    value?: string;
  }) {
  return (
    <Form.Group className="mb-2" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select {...select}>
        {empty !== undefined && <option value="">{empty}</option>}
        {Object.entries(options).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** a labelled input in a grid column (measurements, targets, labs) */
export function FieldCol({ id, label, ...control }: { id: string; label: string } & FormControlProps & Record<string, unknown>) {
  return (
    <Col xs={6} md={3}>
      <Form.Group className="mb-2" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control {...control} />
      </Form.Group>
    </Col>
  );
}

/** the submit button of a section's form and what became of the last submission */
export function Submit({
  label,
  state,
  showDone = false,
  className,
}: {
  label: string;
  state: { isLoading: boolean; error?: unknown; isSuccess: boolean };
  showDone?: boolean;
  className?: string;
}) {
  return (
    <>
      <Button type="submit" className={className} disabled={state.isLoading}>
        {label}
      </Button>
      <Status error={state.error} done={showDone && state.isSuccess} />
    </>
  );
}
