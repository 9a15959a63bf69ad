import { Form } from 'react-bootstrap';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetSessionQuery } from '../../lib/api';
import * as it from '../../i18n/it';
import { formatDay } from '../../lib/format';
import { matchesPerson } from '../../lib/people';
import { shortId } from './format';
import { useGetAuditPatientIdsQuery, useGetAuditPatientsQuery } from './auditApi';
import { useMemo } from 'react';

/** "Luca Verdi · 1a2b3c4d…": a name with enough of the id to tell namesakes apart */
export function patientOption(p: { id: string; name: string }): string {
  return it.audit.patientOption(p.name, shortId(p.id));
}

type Patient = { id: string; name: string; birthDate?: string | null; email?: string | null };

/** the patients matching what was typed: a part of the name, the birth date (dd/mm/yyyy) or a part of the email */
export function patientsNamed(text: string, patients: readonly Patient[]) {
  return text.trim() ? patients.filter((p) => matchesPerson(text, p)) : [];
}

/**
 * what the field holds → the patient id: a chosen option, a name, birth date or email that only one patient has
 * ("Luca" with one Luca), or an id typed as it is
 */
export function patientIdOf(text: string, patients: readonly Patient[]): string {
  const typed = text.trim();
  const chosen = patients.find((p) => patientOption(p) === typed);
  if (chosen) return chosen.id;
  const named = patientsNamed(typed, patients);
  return named.length === 1 ? named[0].id : typed;
}

/**
 * a patient for the history's searches: the front desk searches by name or birth date (names in clear for
 * it), the auditor, who reads names sealed, by the patient's short code; nobody types a whole id
 */
/**
 * the patients a history search offers: the front desk’s by name and birth date; the auditor's by a short code
 * ("Paziente · 3336c482…", the label the auditor already reads in the list), as names are sealed for the auditor
 */
export function usePatientChoices(): Patient[] {
  const role = useGetSessionQuery().data?.user?.role;
  const named = useGetAuditPatientsQuery(role === 'admin' ? undefined : skipToken).data;
  const coded = useGetAuditPatientIdsQuery(role === 'auditor' ? undefined : skipToken).data;
  return useMemo(() => named ?? coded?.map((p) => ({ id: p.id, name: it.roles.patient })) ?? [], [named, coded]);
}

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
  const patients = usePatientChoices();
  const listId = `${id}-list`;
  const ambiguous = !admin || patients.some((p) => patientOption(p) === value.trim()) ? 0 : patientsNamed(value, patients).length;
  return (
    <Form.Group controlId={id}>
      <Form.Label>{it.audit.patientSearch}</Form.Label>
      <Form.Control
        name={name}
        value={value}
        required={required}
        list={patients.length ? listId : undefined}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {patients.length > 0 && (
        <datalist id={listId}>
          {patients.map((p) => (
            // the label lets the browser's list match a birth date or an email too
            <option key={p.id} value={patientOption(p)} label={[p.birthDate && formatDay(p.birthDate), p.email].filter(Boolean).join(' · ') || undefined} />
          ))}
        </datalist>
      )}
      <Form.Text id={`${id}-hint`}>{admin ? it.audit.patientSearchHint : it.audit.patientIdHint}</Form.Text>
      {admin && ambiguous > 1 && (
        <Form.Text as="p" role="status" className="d-block text-warning-emphasis">
          {it.audit.patientAmbiguous(ambiguous)}
        </Form.Text>
      )}
    </Form.Group>
  );
}

/** the id a PatientField's text stands for */
export function usePatientId(text: string): string {
  return patientIdOf(text, usePatientChoices());
}
