// practice: the practice's and the doctors' settings (its events are in events/, listed by ../event-catalogue.ts)
export * from './settings';
export * from './rules/doctor-slugs';
export * from './locations';
export * from './widget';
export * from './reminders';
