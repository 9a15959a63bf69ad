// text messages' public entry: the module, the messaging port and its adapters, the providers' local stand-ins
export { PhoneModule } from './phone.module';
export { PhoneWebhooksService } from './phone-webhooks.service';
export { ProviderRefusal, type MessagingAdapter, type OutgoingText, type AcceptedText } from './messaging.port';
export { twilioAdapter } from './twilio.adapter';
export { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in';
export { metaAdapter } from './meta.adapter';
export { startMetaStandIn, type MetaStandIn } from './meta-stand-in';
export { TextMessageChannel } from './text-channel';
export { textMessagesReadModel } from './read-models';
export { type TextMessageDoc } from './text-messages.projection';
export { visitTextStatus, type VisitTextStatus } from './reminder-status';
export { visitRepliesReadModel } from './read-models';
