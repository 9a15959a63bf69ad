import { Form } from 'react-bootstrap';
import * as it from '../../../i18n/it';

/**
 * The doctor's field while the list of doctors is on its way: the same field, disabled, with the line the page shows
 * under it before a doctor is chosen, so that nothing below moves when the list comes (layout shift). BookingPage and
 * the booking page's first view (app/FirstView.tsx) both show it; only React and react-bootstrap, for the latter.
 */
export function DoctorSelectLoading() {
  return (
    <>
      <Form.Group controlId="booking-doctor" className="mb-3 app-booking-doctor">
        <Form.Label>{it.booking.doctor}</Form.Label>
        <Form.Select value="" disabled>
          <option value="">{it.booking.doctorPlaceholder}</option>
        </Form.Select>
      </Form.Group>
      <p className="text-body-secondary">{it.booking.chooseDoctor}</p>
      {/* what a screen reader hears meanwhile; takes no room */}
      <div className="visually-hidden" role="status">
        {it.app.loading}
      </div>
    </>
  );
}
