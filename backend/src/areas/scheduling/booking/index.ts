// booking's public entry: what other features may use (docs/architettura.md, "Dipendenze tra funzioni")
export { CancelBooking, RecordOutcome, RequestReschedule, UndoOutcome } from './booking.commands';
export {
  bookingDecider,
  type BookingCommand,
  type BookingEvent,
  type BookingState,
  type ConfirmBooking,
  type EndHold,
  type MarkPaymentInReview,
  type StartHold,
} from './booking.decider';
export { patientHoldDecider, type ClaimHold } from './patient-hold.decider';
export { roomsDecider, freeRooms, NO_FREE_ROOM_MESSAGE, type RoomsDay, type TakeRoom, type ReleaseRoom } from './rooms.decider';
export { BookingService, earlierVisitExists } from './booking.service';
export { BookingModule } from './booking.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { bookingsReadModel } from './read-models';
export { type BookingDoc } from './bookings.projection';
export { OrderRefunds, QuestionnaireStep } from './booking.ports';
export { readVisitLocation } from './visit-location';
export { doctorSlotsAt, offeredStarts, roomsAt, scheduledLocationAt } from './free-rooms';
