import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { useCancelBookingMutation, useRescheduleBookingMutation, type MyBooking } from '../../../lib/bookingsApi';
import { localDateTime } from '../../../lib/dates';
import { CancelDialog } from '../../../components/ui/CancelDialog';
import * as it from '../../../i18n/it';
import { RescheduleGrid } from './RescheduleGrid';

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

/** "Sposta": another start of the same doctor, chosen on the day grid of /prenota (where the whole visit fits) */
export function RescheduleBooking({ booking, onDone }: { booking: MyBooking; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
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
      <ConfirmDialog
        show={open}
        titleId={`reschedule-${booking.id}`}
        title={t.rescheduleTitle}
        titleAs="div"
        titleClassName="h4"
        initialFocus="dialog"
        size="lg"
        fullscreen="sm-down"
        closeLabel={t.close}
        error={state.isError ? errorMessage(state.error, t.rescheduleFailed) : null}
        backLabel={t.close}
        backVariant="secondary"
        confirmLabel={state.isLoading ? t.rescheduling : t.rescheduleConfirm}
        confirmVariant="primary"
        busy={state.isLoading}
        confirmDisabled={!slot}
        onBack={() => setOpen(false)}
        onConfirm={() => void onConfirm()}
      >
        {open && (
          <RescheduleGrid
            idPrefix={`reschedule-${booking.id}`}
            doctorId={booking.doctorId}
            visitTypeId={booking.visit?.visitTypeId}
            currentStart={booking.start}
            value={slot}
            onChange={setSlot}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
