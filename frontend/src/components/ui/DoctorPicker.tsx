import type { CSSProperties } from 'react';
import { Form } from 'react-bootstrap';

export interface DoctorPickerProps {
  /** the select's id, which its label points to */
  id: string;
  doctors: readonly { id: string; name: string }[] | undefined;
  /** the chosen doctor's id ('' for none) */
  value: string;
  onChange: (doctorId: string) => void;
  /** the label read with the select, from the screen's catalogue ("Medico") */
  label: string;
  /** present: a first option with value '' and this text ("Scegli un medico…", "Tutti", '' for a blank one) */
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** the labelled choice of a doctor, on every screen where staff pick whose calendar, catalogue or figures to see */
export function DoctorPicker({ id, doctors, value, onChange, label, placeholder, disabled, required, className, style }: DoctorPickerProps) {
  return (
    <Form.Group controlId={id} className={className} style={style}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} required={required}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {doctors?.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
