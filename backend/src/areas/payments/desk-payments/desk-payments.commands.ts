import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { deskPaymentDecider } from './desk-payment.decider';

// a desk payment's command sent on the CommandBus (the others are workflow steps), with its handler
// (deskPaymentDecider)

export class RefundDeskPayment extends StreamCommand<CommandOf<typeof deskPaymentDecider, 'RefundDeskPayment'>, EventOf<typeof deskPaymentDecider>> {}

export const deskPaymentsCommandHandlers = [...handlersOf(deskPaymentDecider, [RefundDeskPayment], { onStale: 'decide-again' })];
