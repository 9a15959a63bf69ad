import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './week-grid.css';
import type { EventDisplayInfo } from '@fullcalendar/react';
import itLocale from '@fullcalendar/react/locales/it';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { SLOT_MINUTES } from '@studio/contracts';
import { Spinner } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/useMediaQuery';
import type { CalendarEventInput } from './weekGridEvents';

/*
 * The week time grid of slots, drawn alike by the doctors' calendar and the auditor's read-only ones:
 * FullCalendar's settings, the slot's content and label, and the events as FullCalendar wants them.
 */

const PLUGINS = [classicTheme, timeGridPlugin];
const SLOT_DURATION = { minutes: SLOT_MINUTES };
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** the grid's settings, shared with the auditor's read-only calendars so both draw slots alike */
export const WEEK_GRID_OPTIONS = {
  plugins: PLUGINS,
  initialView: 'timeGridWeek',
  locale: itLocale,
  timeZone: 'UTC',
  firstDay: 1,
  allDaySlot: false,
  nowIndicator: false,
  slotDuration: SLOT_DURATION,
  slotHeaderFormat: TIME_FORMAT,
  eventTimeFormat: TIME_FORMAT,
  height: 'auto',
  viewClass: 'app-calendar-view',
  // a name of our own for the toolbar's buttons: a phone makes them 44 px (week-grid.css)
  buttonClass: 'app-calendar-button',
} as const;

/**
 * On a phone a 30-minute slot is a touch target of 44 px (WCAG 2.5.5): FullCalendar 7 draws its rows at least
 * `slotMinHeight` high and places the events on those rows (computeSlatHeight), so events and lanes stay aligned.
 * An event is 1 px shorter than its row (FullCalendar's inset): rows of 45 px give events of 44 (measured at 390 px).
 * The desktop keeps FullCalendar's own compact rows.
 */
export const PHONE_SLOT_HEIGHT_PX = 45;
export function useSlotMinHeight(): number | undefined {
  return useMediaQuery(NARROW_SCREEN) ? PHONE_SLOT_HEIGHT_PX : undefined;
}

/** visible: the status (the grid shows the time); read aloud: "Disponibile 09:00–09:30" */
export function renderEventContent(info: EventDisplayInfo) {
  const { label, pending, status, past, patient } = info.event.extendedProps as CalendarEventInput['extendedProps'];
  return (
    <span className="slot-content" title={label}>
      {pending && <Spinner animation="border" size="sm" className="me-1 slot-spinner" aria-hidden="true" />}
      <span aria-hidden="true">{past ? it.availability.past : it.availability.status[status]}</span>
      {patient && (
        <span aria-hidden="true" className="d-block slot-patient text-truncate">
          {patient}
        </span>
      )}
      <span className="visually-hidden">
        {patient ? it.availability.bookedFor(label, patient) : label}
        {pending ? ` (${it.availability.pending})` : ''}
      </span>
    </span>
  );
}
