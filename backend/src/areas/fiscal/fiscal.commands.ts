import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../platform/event-store/decide';
import { erasureRequestDecider } from './erasure-request.decider';
import { fiscalProfileDecider } from './fiscal-profile.decider';

// fiscal's commands on the CommandBus, each with its handler

export class SetFiscalProfile extends StreamCommand<CommandOf<typeof fiscalProfileDecider, 'SetFiscalProfile'>, EventOf<typeof fiscalProfileDecider>> {}

export class RequestErasure extends StreamCommand<CommandOf<typeof erasureRequestDecider, 'RequestErasure'>, EventOf<typeof erasureRequestDecider>> {}

export const fiscalCommandHandlers = [...handlersOf(fiscalProfileDecider, [SetFiscalProfile]), ...handlersOf(erasureRequestDecider, [RequestErasure])];
