// notifications's public entry: its Nest module (docs/architettura.md, "Dipendenze tra funzioni")
export { NotificationsModule } from './notifications.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { notificationsReadModel } from './read-models';
// the push channel's port and the commands that decide and cancel a notification (push and texts decide their own)
export { PushChannel } from './push-channel';
export { PhoneChannel, TextRefused } from './phone-channel';
export { CancelNotification, DecideNotification } from './outbox.commands';
export { type Decided } from './messages';
