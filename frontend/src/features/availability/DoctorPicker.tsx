import type { DoctorSummary } from '@studio/contracts';
import { Form } from 'react-bootstrap';
import * as it from '../../i18n/it';

/** the front desk chooses whose calendar to manage */
export function DoctorPicker({ doctors, value, onChange }: { doctors: readonly DoctorSummary[]; value: string; onChange: (doctorId: string) => void }) {
  return (
    <Form.Group controlId="doctor-select" className="mb-3 app-doctor-picker">
      <Form.Label>{it.availability.doctorSelect}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{it.availability.doctorPlaceholder}</option>
        {doctors.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
