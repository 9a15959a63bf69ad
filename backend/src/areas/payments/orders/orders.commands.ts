import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../../platform/event-store/decide';
import { orderDecider } from './order.decider';

// an order's commands on the CommandBus, each with its handler (orderDecider): its creation, and PayPal's answers
// recorded by the payment workflows' effects (decided again on a lost append: a flow's step, not a user's read)

const FLOW = { onStale: 'decide-again' } as const;

export class CreateOrder extends StreamCommand<CommandOf<typeof orderDecider, 'CreateOrder'>, EventOf<typeof orderDecider>> {}

export class RecordCapture extends StreamCommand<CommandOf<typeof orderDecider, 'RecordCapture'>, EventOf<typeof orderDecider>> {}

export class RecordCapturePending extends StreamCommand<CommandOf<typeof orderDecider, 'RecordCapturePending'>, EventOf<typeof orderDecider>> {}

export class RecordDecline extends StreamCommand<CommandOf<typeof orderDecider, 'RecordDecline'>, EventOf<typeof orderDecider>> {}

export class AbandonCapture extends StreamCommand<CommandOf<typeof orderDecider, 'AbandonCapture'>, EventOf<typeof orderDecider>> {}

export class RecordRefund extends StreamCommand<CommandOf<typeof orderDecider, 'RecordRefund'>, EventOf<typeof orderDecider>> {}

export class RefundPlacedOrder extends StreamCommand<CommandOf<typeof orderDecider, 'RefundPlacedOrder'>, EventOf<typeof orderDecider>> {}

export const ordersCommandHandlers = [
  ...handlersOf(orderDecider, [CreateOrder]),
  ...handlersOf(orderDecider, [RecordCapture, RecordCapturePending, RecordDecline, AbandonCapture, RecordRefund, RefundPlacedOrder], FLOW),
];
