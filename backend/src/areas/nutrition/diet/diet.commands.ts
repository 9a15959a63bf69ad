import { CommandHandler } from '@nestjs/cqrs';
import { DecideWith, StreamCommand, handlersOf } from '../../../platform/event-store/decide';
import { dietDecider, type DietCommand, type DietEvent } from './diet.decider';

// the diet feature's commands on the CommandBus, each with its handler (a patient's diet)

export class SaveDiet extends StreamCommand<Extract<DietCommand, { type: 'SaveDiet' }>, DietEvent> {}
@CommandHandler(SaveDiet)
export class SaveDietHandler extends DecideWith(dietDecider, {
  conflictMessage: 'La dieta è stata modificata nel frattempo da un altro utente: ricaricala e riprova.',
}) {}

export class SendDiet extends StreamCommand<Extract<DietCommand, { type: 'SendDiet' }>, DietEvent> {}

export const dietCommandHandlers = [SaveDietHandler, ...handlersOf(dietDecider, [SendDiet])];
