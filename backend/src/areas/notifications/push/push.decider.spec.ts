import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { pushDecider, type PushEvent } from './push.decider';

const given = deciderSpec(pushDecider);
const sealed = { keyId: 'u1', iv: 'iv', tag: 'tag', data: 'endpoint' };
const subscribed: PushEvent = { type: 'PushSubscribed', data: { userId: 'u1', subscriptionId: 's1', subscription: sealed } };

describe('push decider (push-<userId>)', () => {
  it('subscribes a device once', () => {
    given([]).when({ type: 'Subscribe', userId: 'u1', subscriptionId: 's1', subscription: sealed }).then([subscribed]);
    given([subscribed]).when({ type: 'Subscribe', userId: 'u1', subscriptionId: 's1', subscription: sealed }).then([]);
  });

  it('removes a device once, by the user or because the push service said it is gone', () => {
    const gone: PushEvent = { type: 'PushUnsubscribed', data: { userId: 'u1', subscriptionId: 's1', reason: 'gone' } };
    given([subscribed]).when({ type: 'Unsubscribe', userId: 'u1', subscriptionId: 's1', reason: 'gone' }).then([gone]);
    given([subscribed, gone]).when({ type: 'Unsubscribe', userId: 'u1', subscriptionId: 's1', reason: 'user' }).then([]);
  });

  it('sets the topics opted out of only when they change, in one order', () => {
    given([])
      .when({ type: 'SetTopics', userId: 'u1', optedOut: ['new_message', 'diet_sent'] })
      .then([{ type: 'PushTopicsSet', data: { userId: 'u1', optedOut: ['diet_sent', 'new_message'] } }]);
    given([{ type: 'PushTopicsSet', data: { userId: 'u1', optedOut: ['diet_sent', 'new_message'] } }])
      .when({ type: 'SetTopics', userId: 'u1', optedOut: ['new_message', 'diet_sent'] })
      .then([]);
  });
});
