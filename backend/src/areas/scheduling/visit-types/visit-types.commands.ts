import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { visitTypesDecider } from './visit-types.decider';

// a doctor's visit types: the commands on the CommandBus, each with its handler (visitTypesDecider)

export class CreateVisitType extends StreamCommand<CommandOf<typeof visitTypesDecider, 'CreateVisitType'>, EventOf<typeof visitTypesDecider>> {}

export class UpdateVisitType extends StreamCommand<CommandOf<typeof visitTypesDecider, 'UpdateVisitType'>, EventOf<typeof visitTypesDecider>> {}

export class ArchiveVisitType extends StreamCommand<CommandOf<typeof visitTypesDecider, 'ArchiveVisitType'>, EventOf<typeof visitTypesDecider>> {}

export const visitTypesCommandHandlers = [...handlersOf(visitTypesDecider, [CreateVisitType, UpdateVisitType, ArchiveVisitType])];
