// availability's public entry: what other features may use (docs/architettura.md, "Dipendenze tra funzioni")
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
export { SetWeeklySchedule, SyncExternalBusy, ToggleSlot } from './availability.commands';
export { availabilityRange, EXTERNAL_CALENDAR_PAGE } from './availability-slots.queries';
export { AvailabilityService } from './availability.service';
export { AvailabilityGateway } from './availability.gateway';
export { SlotOffers } from './availability.ports';
export { AvailabilityToolsService } from './availability-tools.service';
export { AvailabilityModule } from './availability.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { availabilitySlotsReadModel, weeklySchedulesReadModel } from './read-models';
export { type SlotDoc } from './availability-slots.projection';
