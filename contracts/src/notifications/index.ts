// notifications: emails, reminders, the calendar feed (its events are in events/, listed by ../event-catalogue.ts)
export * from './notifications';
export * from './messages';
export * from './phone';
export * from './statistics';
export * from './rules/sms-segments';
export * from './rules/reminder-schedule';
export * from './phone-texts';
export * from './message-names';
