import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { bookingDecider } from './booking.decider';

// a booking's commands sent on the CommandBus (the others are workflow steps), each with its handler (bookingDecider):
// the intents that start a cancellation or a reschedule, and a visit's outcome

export class CancelBooking extends StreamCommand<CommandOf<typeof bookingDecider, 'CancelBooking'>, EventOf<typeof bookingDecider>> {}

export class RequestReschedule extends StreamCommand<CommandOf<typeof bookingDecider, 'RequestReschedule'>, EventOf<typeof bookingDecider>> {}

export class RecordOutcome extends StreamCommand<CommandOf<typeof bookingDecider, 'RecordOutcome'>, EventOf<typeof bookingDecider>> {}

export class UndoOutcome extends StreamCommand<CommandOf<typeof bookingDecider, 'UndoOutcome'>, EventOf<typeof bookingDecider>> {}

export const bookingCommandHandlers = [...handlersOf(bookingDecider, [CancelBooking, RequestReschedule, RecordOutcome, UndoOutcome])];
