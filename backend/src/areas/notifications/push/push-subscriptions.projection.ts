import { STREAM_PREFIX, type PushTopic, type Sealed } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** one document per person: their devices (endpoint and keys sealed with their key) and the topics opted out of */
export interface PushSubscriptionsDoc {
  id: string;
  subscriptions: { id: string; subscription: Sealed }[];
  optedOut: PushTopic[];
}

export const pushSubscriptionsProjection: ProjectionDefinition<PushSubscriptionsDoc, 'PushSubscribed' | 'PushUnsubscribed' | 'PushTopicsSet'> = {
  name: 'push_subscriptions',
  version: 1,
  streamPrefixes: [STREAM_PREFIX.push],
  eventTypes: ['PushSubscribed', 'PushUnsubscribed', 'PushTopicsSet'],
  documentId: (event) => event.data.userId,
  evolve(current, event) {
    const doc: PushSubscriptionsDoc = current ?? { id: event.data.userId, subscriptions: [], optedOut: [] };
    switch (event.type) {
      case 'PushSubscribed':
        return {
          ...doc,
          subscriptions: [
            ...doc.subscriptions.filter((s) => s.id !== event.data.subscriptionId),
            { id: event.data.subscriptionId, subscription: event.data.subscription },
          ],
        };
      case 'PushUnsubscribed':
        return { ...doc, subscriptions: doc.subscriptions.filter((s) => s.id !== event.data.subscriptionId) };
      case 'PushTopicsSet':
        return { ...doc, optedOut: event.data.optedOut };
    }
  },
  indexes: {},
};
