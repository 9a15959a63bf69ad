import type { LocationView } from '@studio/contracts';
import { Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';

/** where the patient wants the visit (or which visits the agenda shows), when the practice has more than one location ('' any) */
export function LocationChoice({
  locations,
  value,
  onChange,
  id = 'booking-location',
}: {
  locations: LocationView[];
  value: string;
  onChange: (id: string) => void;
  id?: string;
}) {
  return (
    <Form.Group className="mb-3" controlId={id} style={{ maxWidth: '24rem' }}>
      <Form.Label>{it.booking.location}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{it.booking.anyLocation}</option>
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name} – {l.address}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
