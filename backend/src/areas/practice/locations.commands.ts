import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../platform/event-store/decide';
import { locationsDecider } from './locations.decider';

// the practice's locations: the commands on the CommandBus, with their handlers

export class CreateLocation extends StreamCommand<CommandOf<typeof locationsDecider, 'CreateLocation'>, EventOf<typeof locationsDecider>> {}

export class UpdateLocation extends StreamCommand<CommandOf<typeof locationsDecider, 'UpdateLocation'>, EventOf<typeof locationsDecider>> {}

export const locationCommandHandlers = handlersOf(locationsDecider, [CreateLocation, UpdateLocation]);
