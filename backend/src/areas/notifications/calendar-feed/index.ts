// calendar-feed's public entry: its Nest module (docs/architettura.md, "Dipendenze tra funzioni")
export { CalendarFeedModule } from './calendar-feed.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { calendarFeedsReadModel } from './read-models';
