import { CommandHandler } from '@nestjs/cqrs';
import { canonicalSlotStart } from '@studio/contracts';
import { DecideWith, StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import { availabilityDecider, SLOT_CHANGED_MESSAGE, type AvailabilityCommand, type AvailabilityEvent, type DoctorDay } from './availability.decider';
import { scheduleDecider, type ScheduleCommand, type ScheduleEvent } from './schedule.decider';

// availability's commands on the CommandBus, each with its handler: decided by the feature's deciders
// (doctor-day: availabilityDecider; weekly schedule and closures: scheduleDecider) through the one append path

/** what a toggle that did not say what it saw is meant to change: the slot as the stream holds it */
function statusNow(state: DoctorDay, start: string): 'available' | 'unavailable' | undefined {
  const status = state.slots[canonicalSlotStart(start)]?.status ?? 'unavailable';
  // a held or booked slot is refused by the decider with its own message
  return status === 'available' || status === 'unavailable' ? status : undefined;
}

/** a doctor's or the admin's toggle of one slot */
export class ToggleSlot extends StreamCommand<Extract<AvailabilityCommand, { type: 'ToggleSlot' }>, AvailabilityEvent> {}
/**
 * A toggle that states the status it changes depends on its slot only: another slot's write meanwhile (a stale
 * revision) is no conflict, so it is decided again; a change of this very slot is refused by the decider (409).
 * Without `seen`, it is the slot as the stream holds it when the toggle arrives, read with the decision's own read.
 */
@CommandHandler(ToggleSlot)
export class ToggleSlotHandler extends DecideWith(availabilityDecider, {
  conflictMessage: SLOT_CHANGED_MESSAGE,
  onStale: 'decide-again',
  complete: (given: ToggleSlot['command'], state) => (given.seen ? given : { ...given, seen: statusNow(state, given.start) }),
}) {}

/** one day's slots made open or closed, in one append (copying a week, applying the weekly schedule, a closure) */
export class SetDaySlots extends StreamCommand<Extract<AvailabilityCommand, { type: 'SetDaySlots' }>, AvailabilityEvent> {}
@CommandHandler(SetDaySlots)
export class SetDaySlotsHandler extends DecideWith(availabilityDecider, {
  onStale: 'decide-again',
  conflictMessage: 'Il calendario è molto conteso in questo momento: riprova tra qualche istante.',
}) {}

/** one day of the doctor's external calendar, as the last sync read it: idempotent, decided per slot */
export class SyncExternalBusy extends StreamCommand<Extract<AvailabilityCommand, { type: 'SyncExternalBusy' }>, AvailabilityEvent> {}
@CommandHandler(SyncExternalBusy)
export class SyncExternalBusyHandler extends DecideWith(availabilityDecider, {
  onStale: 'decide-again',
  conflictMessage: 'Il calendario è molto conteso in questo momento: riprova tra qualche istante.',
}) {}

export class SetWeeklySchedule extends StreamCommand<Extract<ScheduleCommand, { type: 'SetWeeklySchedule' }>, ScheduleEvent> {}

/** a holiday or an absence */
export class AddClosure extends StreamCommand<Extract<ScheduleCommand, { type: 'AddClosure' }>, ScheduleEvent> {}

export const availabilityCommandHandlers = [
  ToggleSlotHandler,
  SetDaySlotsHandler,
  SyncExternalBusyHandler,
  ...handlersOf(scheduleDecider, [SetWeeklySchedule, AddClosure]),
];
