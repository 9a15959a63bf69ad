// calendar-feed's public entry: its Nest module (DESIGN.md "Dependencies between features")
export { CalendarFeedModule } from './calendar-feed.module';
