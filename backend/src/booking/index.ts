// booking's public entry: what other features may use (DESIGN.md "Dependencies between features")
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
export { BookingService } from './booking.service';
export { BookingModule } from './booking.module';
