// messages' public entry: the module, its service and the read models it owns (typed)
export { MessagesModule } from './messages.module';
export { MessagesService } from './messages.service';
export { conversationsReadModel, replyHoursReadModel } from './read-models';
export { type ConversationDoc } from './conversations.projection';
