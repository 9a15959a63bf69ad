// the external calendar's public entry: the module and the read model it owns (typed)
export { ExternalCalendarModule } from './external-calendar.module';
export { ExternalCalendarService } from './external-calendar.service';
export { externalCalendarsReadModel } from './read-models';
export { type ExternalCalendarDoc } from './external-calendars.projection';
