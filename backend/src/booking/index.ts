// booking's public entry: what other features may use (DESIGN.md "Dependencies between features")
export { bookingDecider, type BookingEvent } from './booking.decider';
export { BookingService } from './booking.service';
export { HoldExpiryService } from './hold-expiry.service';
