// notifications's public entry: its Nest module (DESIGN.md "Dependencies between features")
export { NotificationsModule } from './notifications.module';
