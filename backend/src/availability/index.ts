// availability's public entry: what other features may use (DESIGN.md "Dependencies between features")
export {
  availabilityDecider,
  doctorDayOf,
  inWorkingHours,
  slotStartsOf,
  VISIT_MINUTES,
  HOLD_EXPIRED_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type AvailabilityCommand,
  type AvailabilityEvent,
  type BookSlot,
  type DoctorDay,
  type HoldSlot,
  type ReleaseHold,
} from './availability.decider';
export { PREVIOUS_BUFFER_MESSAGE, insidePrecedingBuffer } from './availability.decider';
export { availabilityRange } from './availability-slots.queries';
export { AvailabilityService } from './availability.service';
export { AvailabilityModule } from './availability.module';
