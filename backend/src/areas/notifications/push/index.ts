// push's public entry: the module, the outbox's channel it implements, the read model it owns (typed)
export { PushModule } from './push.module';
export { PushService } from './push.service';
export { WebPushChannel } from './web-push-channel';
export { pushSubscriptionsReadModel } from './read-models';
export { type PushSubscriptionsDoc } from './push-subscriptions.projection';
