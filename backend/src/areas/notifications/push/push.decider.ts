import type { EventData, PushTopic, Sealed } from '@studio/contracts';

/** `push-<userId>`: a person's devices subscribed to Web Push (sealed with their key) and the topics they opted out of */
export type PushEvent =
  | { type: 'PushSubscribed'; data: EventData<'PushSubscribed'> }
  | { type: 'PushUnsubscribed'; data: EventData<'PushUnsubscribed'> }
  | { type: 'PushTopicsSet'; data: EventData<'PushTopicsSet'> };

export interface PushState {
  subscriptions: string[];
  optedOut: PushTopic[];
}

export type PushCommand =
  | { type: 'Subscribe'; userId: string; subscriptionId: string; subscription: Sealed }
  | { type: 'Unsubscribe'; userId: string; subscriptionId: string; reason: 'user' | 'gone' }
  | { type: 'SetTopics'; userId: string; optedOut: PushTopic[] };

export const initialState = (): PushState => ({ subscriptions: [], optedOut: [] });

export function evolve(state: PushState, event: PushEvent): PushState {
  switch (event.type) {
    case 'PushSubscribed':
      return { ...state, subscriptions: [...state.subscriptions.filter((s) => s !== event.data.subscriptionId), event.data.subscriptionId] };
    case 'PushUnsubscribed':
      return { ...state, subscriptions: state.subscriptions.filter((s) => s !== event.data.subscriptionId) };
    case 'PushTopicsSet':
      return { ...state, optedOut: event.data.optedOut };
  }
}

/** every command is idempotent: the same device twice, a device already gone, the same topics again append nothing */
export function decide(command: PushCommand, state: PushState): PushEvent[] {
  switch (command.type) {
    case 'Subscribe':
      if (state.subscriptions.includes(command.subscriptionId)) return [];
      return [{ type: 'PushSubscribed', data: { userId: command.userId, subscriptionId: command.subscriptionId, subscription: command.subscription } }];
    case 'Unsubscribe':
      if (!state.subscriptions.includes(command.subscriptionId)) return [];
      return [{ type: 'PushUnsubscribed', data: { userId: command.userId, subscriptionId: command.subscriptionId, reason: command.reason } }];
    case 'SetTopics': {
      const optedOut = [...new Set(command.optedOut)].sort();
      if (optedOut.join() === [...state.optedOut].sort().join()) return [];
      return [{ type: 'PushTopicsSet', data: { userId: command.userId, optedOut } }];
    }
  }
}

export const pushDecider = { initialState, evolve, decide };
