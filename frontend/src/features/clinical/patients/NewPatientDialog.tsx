import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useCreatePatientMutation } from './patientsApi';

const t = it.patients;
const EMPTY = { name: '', surname: '', phone: '', email: '', taxcode: '' };

/** "Nuovo paziente": the desk registers a patient (POST /api/patients); the server checks every field and says what is wrong */
export function NewPatientDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (patient: { id: string; name: string }) => void }) {
  const [fields, setFields] = useState(EMPTY);
  const [create, creating] = useCreatePatientMutation();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setFields({ ...fields, [key]: e.target.value });
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { name, surname, phone, email, taxcode } = fields;
    try {
      const { id } = await create({ name, surname, phone, ...(email.trim() ? { email } : {}), ...(taxcode.trim() ? { taxcode } : {}) }).unwrap();
      onCreated({ id, name: `${name.trim()} ${surname.trim()}` });
    } catch {
      /* shown below */
    }
  };
  const field = (key: keyof typeof EMPTY, label: string, props: { type?: string; autoComplete?: string; required?: boolean } = {}) => (
    <Form.Group controlId={`new-patient-${key}`} className="mb-2">
      <Form.Label>{label}</Form.Label>
      <Form.Control value={fields[key]} onChange={set(key)} type={props.type ?? 'text'} autoComplete={props.autoComplete ?? 'off'} required={props.required} />
    </Form.Group>
  );
  return (
    <Modal show onHide={onClose} aria-labelledby="new-patient-title" fullscreen="sm-down">
      <Form onSubmit={(e) => void submit(e)} noValidate>
        <Modal.Header closeButton closeLabel={t.cancel}>
          <Modal.Title id="new-patient-title" as="h2" className="h5">
            {t.newPatient}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{t.newPatientIntro}</p>
          {field('name', t.firstName, { required: true })}
          {field('surname', t.surname, { required: true })}
          {field('phone', t.phone, { type: 'tel', required: true })}
          {field('email', t.email, { type: 'email' })}
          {field('taxcode', t.taxcode)}
          {creating.isError && (
            <Alert variant="danger" role="alert" className="mb-0">
              {errorMessage(creating.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={creating.isLoading}>
            {t.create}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
