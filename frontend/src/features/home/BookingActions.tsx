import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { errorMessage } from '../../lib/api';
import { useCancelBookingMutation, useRescheduleBookingMutation, type MyBooking } from '../../lib/bookingsApi';
import { localDateTime, utcDay } from '../../lib/dates';
import { CancelDialog } from '../../components/ui/CancelDialog';
import { Loading } from '../../components/ui/Loading';
import { it } from '../../i18n/it';
import { useGetRescheduleHoursQuery } from './rescheduleApi';

const t = it.myBookings;

/** what cancelling now means, told before the patient confirms (the policy the server applies) */
export function refundNotice(b: MyBooking): string | null {
  if (!b.policy) return null;
  return b.policy.refundIfCancelled ? t.refundYes(localDateTime(b.policy.cutoffAt)) : t.refundNo(b.policy.cutoffHours);
}

/** "Disdici": a confirmation dialog that says whether the payment comes back */
export function CancelBooking({ booking, onDone }: { booking: MyBooking; onDone: (message: string) => void }) {
  const [cancel, state] = useCancelBookingMutation();
  const onConfirm = async (reason: string) => {
    const result = await cancel({ bookingId: booking.id, doctorId: booking.doctorId, reason: reason || undefined }).unwrap();
    onDone(result.refunded ? t.cancelledRefunded : t.cancelled);
  };
  return (
    <CancelDialog
      idPrefix="cancel"
      itemId={booking.id}
      texts={t}
      closeLabel={t.close}
      busy={state.isLoading}
      error={state.isError ? errorMessage(state.error, t.cancelFailed) : null}
      onOpen={() => state.reset()}
      onConfirm={onConfirm}
    >
      <Alert variant={booking.policy?.refundIfCancelled ? 'info' : 'warning'} role="status" className="app-refund-notice">
        {refundNotice(booking)}
      </Alert>
    </CancelDialog>
  );
}

function FreeHours({ doctorId, date, value, onChange }: { doctorId: string; date: string; value: string; onChange: (id: string) => void }) {
  const hours = useGetRescheduleHoursQuery({ doctorId, date }, { skip: !/^\d{4}-\d{2}-\d{2}$/.test(date) });
  if (hours.isFetching) return <Loading label={t.rescheduleLoadingHours} />;
  if (hours.isError) return <Alert variant="danger">{errorMessage(hours.error, t.rescheduleFailed)}</Alert>;
  if (!hours.data) return null;
  if (hours.data.length === 0) return <p className="mb-0">{t.rescheduleNoHours}</p>;
  return (
    <Form.Group controlId={`reschedule-hour-${doctorId}`}>
      <Form.Label>{t.rescheduleHour}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {hours.data.map((h) => (
          <option key={h.id} value={h.id}>
            {h.hour}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** "Sposta": another free slot of the same doctor */
export function RescheduleBooking({ booking, onDone }: { booking: MyBooking; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(utcDay(booking.start));
  const [slot, setSlot] = useState('');
  const [reschedule, state] = useRescheduleBookingMutation();
  const onConfirm = async () => {
    try {
      await reschedule({ bookingId: booking.id, doctorId: booking.doctorId, availabilityId: slot }).unwrap();
      setOpen(false);
      onDone(t.rescheduled);
    } catch {
      /* shown in the dialog */
    }
  };
  return (
    <>
      <Button variant="outline-primary" size="sm" onClick={() => (state.reset(), setSlot(''), setOpen(true))}>
        {t.reschedule}
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} aria-labelledby={`reschedule-${booking.id}`}>
        <Modal.Header closeButton closeLabel={t.close}>
          <Modal.Title id={`reschedule-${booking.id}`}>{t.rescheduleTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId={`reschedule-day-${booking.id}`} className="mb-3">
            <Form.Label>{t.rescheduleDay}</Form.Label>
            <Form.Control type="date" value={date} onChange={(e) => (setDate(e.target.value), setSlot(''))} />
          </Form.Group>
          {open && <FreeHours doctorId={booking.doctorId} date={date} value={slot} onChange={setSlot} />}
          {state.isError && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {errorMessage(state.error, t.rescheduleFailed)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t.close}
          </Button>
          <Button variant="primary" onClick={() => void onConfirm()} disabled={!slot || state.isLoading}>
            {state.isLoading ? t.rescheduling : t.rescheduleConfirm}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
