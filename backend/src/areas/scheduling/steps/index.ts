import { availabilityStreamName, bookingStreamName } from '@studio/contracts';
import { availabilityDecider, doctorDayOf, type AvailabilityCommand } from '../availability';
import { bookingDecider, type BookingCommand } from '../booking';
import type { DecideStep } from '../../../platform/event-store/workflow';

/** what the patient or the staff read when a busy doctor-day keeps refusing a flow's append */
export const BUSY_MESSAGE = 'Molte richieste in corso per questo medico: riprova tra qualche istante.';

/** a flow's step on a doctor-day stream: a lost append is decided again on the fresh day */
export const onDoctorDay = (doctorId: string, start: string, command: AvailabilityCommand, conflictMessage = BUSY_MESSAGE): DecideStep => ({
  stream: availabilityStreamName(doctorId, doctorDayOf(start)),
  decider: availabilityDecider,
  command,
  options: { onStale: 'decide-again', conflictMessage },
});

/** a flow's step on the booking's own stream */
export const onBooking = (bookingId: string, command: BookingCommand): DecideStep => ({
  stream: bookingStreamName(bookingId),
  decider: bookingDecider,
  command,
  options: { onStale: 'decide-again' },
});

/** a step is due while its decider would still append (or refuse: the refusal is the flow's to hear) */
export function due<S, C>(decider: { decide(command: C, state: S): unknown[] }, command: C, state: S): boolean {
  try {
    return decider.decide(command, state).length > 0;
  } catch {
    return true;
  }
}
