import { Form } from 'react-bootstrap';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetSessionQuery } from '../../lib/api';
import { it } from '../../i18n/it';
import { shortId } from './format';
import { useGetAuditPatientsQuery } from './auditApi';

/** "Luca Verdi · 1a2b3c4d…": a name with enough of the id to tell namesakes apart */
export function patientOption(p: { id: string; name: string }): string {
  return it.audit.patientOption(p.name, shortId(p.id));
}

/** what the field holds → the patient id: a chosen option, or an id typed as it is */
export function patientIdOf(text: string, patients: readonly { id: string; name: string }[]): string {
  const typed = text.trim();
  return patients.find((p) => patientOption(p) === typed)?.id ?? typed;
}

/**
 * a patient for the history's searches: the front desk searches by name (names in clear for it), the auditor,
 * who reads names sealed, types the id
 */
export function PatientField({
  id,
  value,
  onChange,
  name,
  required,
}: {
  id: string;
  value: string;
  onChange(text: string): void;
  name?: string;
  required?: boolean;
}) {
  const admin = useGetSessionQuery().data?.user?.role === 'admin';
  const patients = useGetAuditPatientsQuery(admin ? undefined : skipToken).data ?? [];
  const listId = `${id}-list`;
  return (
    <Form.Group controlId={id}>
      <Form.Label>{it.audit.patientSearch}</Form.Label>
      <Form.Control
        name={name}
        value={value}
        required={required}
        list={admin ? listId : undefined}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {admin && (
        <datalist id={listId}>
          {patients.map((p) => (
            <option key={p.id} value={patientOption(p)} />
          ))}
        </datalist>
      )}
      <Form.Text id={`${id}-hint`}>{admin ? it.audit.patientSearchHint : it.audit.patientIdHint}</Form.Text>
    </Form.Group>
  );
}

/** the id a PatientField's text stands for */
export function usePatientId(text: string): string {
  const admin = useGetSessionQuery().data?.user?.role === 'admin';
  const patients = useGetAuditPatientsQuery(admin ? undefined : skipToken).data ?? [];
  return patientIdOf(text, patients);
}
