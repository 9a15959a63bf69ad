import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../../../components/ui/week-grid.css';
import FullCalendar, { type DatesSetInfo, type EventClickInfo } from '@fullcalendar/react';
import { type AvailabilityEvent, type DoctorSummary } from '@studio/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { WEEK_GRID_OPTIONS, renderEventContent, useSlotMinHeight } from '../../../components/ui/WeekGrid';
import { useAppSelector, useAppStore } from '../../../lib/hooks';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/useMediaQuery';
import * as it from '../../../i18n/it';
import { useGetPracticeQuery } from '../../../lib/practiceApi';
import { useNow } from '../../../lib/useNow';
import { useGetAvailabilityQuery, useToggleSlotMutation } from './availabilityApi';
import { selectPendingSlotIds } from './availabilitySlice';
import { decideEventClick, hourToSlotTime, inAppPath, toCalendarEvents, wallClockNow, type CalendarRange } from './slots';
import { QueryError } from '../../../components/ui/QuerySection';
import { useGetSessionQuery } from '../../../lib/api';
import { useGetAgendaQuery } from '../agenda/agendaApi';
import { agendaRangeOfWeek, patientsBySlot } from './calendarPatients';

const TOOLBAR = { start: 'prev,next today', center: 'title', end: '' };
const NARROW_DAY_HEADER = { weekday: 'short', day: 'numeric' } as const;
const WIDE_DAY_HEADER = { weekday: 'short', day: 'numeric', month: 'numeric' } as const;
const NO_EVENTS: readonly AvailabilityEvent[] = [];
/** phones: three days at a time, wide enough to read each slot */
const VIEWS = { timeGridThreeDay: { type: 'timeGrid', duration: { days: 3 } } };

/**
 * The week time grid of one doctor (Italian, UTC, Monday first, 30-minute slots, no all-day
 * row, no now-indicator, visible hours = working hours). Events live in RTK Query, per week.
 */
export function AvailabilityCalendar({ doctor }: { doctor: DoctorSummary }) {
  const [range, setRange] = useState<CalendarRange | null>(null);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const slotMinHeight = useSlotMinHeight();
  const pendingSlotIds = useAppSelector(selectPendingSlotIds);
  const store = useAppStore();
  const navigate = useNavigate();
  const [toggleSlot] = useToggleSlotMutation();
  const timeZone = useGetPracticeQuery().data?.timeZone ?? 'Europe/Rome';
  // a minute's precision is enough to grey out the slot that has just begun
  const now = useNow(60_000);
  const wallNow = useMemo(() => wallClockNow(timeZone, now), [timeZone, now]);

  const query = useGetAvailabilityQuery(range ? { doctorId: doctor.id, ...range } : skipToken);
  const events = query.currentData ?? NO_EVENTS;
  // who booked: the agenda of the same days, read by those who may see names (the doctor, the segreteria)
  const user = useGetSessionQuery().data?.user;
  const mayName = (user?.role === 'doctor' && user.id === doctor.id) || user?.role === 'admin';
  const agenda = useGetAgendaQuery(range && mayName ? { doctorId: doctor.id, ...agendaRangeOfWeek(range) } : skipToken);
  const patients = useMemo(() => patientsBySlot(agenda.currentData), [agenda.currentData]);
  const calendarEvents = useMemo(() => toCalendarEvents(events, pendingSlotIds, wallNow, patients), [events, pendingSlotIds, wallNow, patients]);

  // FullCalendar keeps the handlers it was given: read the latest values through refs
  const latest = useRef({ events, doctorId: doctor.id });
  useEffect(() => {
    latest.current = { events, doctorId: doctor.id };
  }, [events, doctor.id]);

  const onDatesSet = useCallback((info: DatesSetInfo) => {
    const next = { start: info.start.toISOString(), end: info.end.toISOString() };
    setRange((prev) => (prev && prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  const onEventClick = useCallback(
    (info: EventClickInfo) => {
      info.jsEvent.preventDefault(); // red events are links: we navigate ourselves
      const { events: current, doctorId } = latest.current;
      const ev = current.find((e) => e.id === info.event.id);
      const decision = decideEventClick(ev, doctorId, selectPendingSlotIds(store.getState()), wallClockNow(timeZone));
      if (decision.kind === 'navigate') {
        const path = inAppPath(decision.url, window.location.origin);
        if (path) void navigate(path);
        else window.location.assign(decision.url);
      } else if (decision.kind === 'toggle') {
        void toggleSlot({ ...decision.request, slotId: decision.slotId });
      }
    },
    [navigate, store, toggleSlot, timeZone],
  );

  return (
    <section aria-labelledby="calendar-heading" className="app-calendar-section">
      <h2 id="calendar-heading" className="visually-hidden">
        {it.availability.calendarLabel(doctor.name)}
      </h2>
      {query.isError && <QueryError error={query.error} fallback={it.availability.eventsError} onRetry={query.refetch} />}
      {query.isSuccess && !query.isFetching && events.length === 0 && <Alert variant="info">{it.availability.emptyWeek}</Alert>}
      <div className="app-calendar-loading" aria-live="polite">
        {query.isFetching && (
          <Spinner animation="border" size="sm" role="status" variant="primary">
            <span className="visually-hidden">{it.availability.loadingWeek}</span>
          </Spinner>
        )}
      </div>
      <div id="calendar" className="app-calendar">
        <FullCalendar
          // crossing the phone breakpoint draws the calendar anew in the other view
          key={narrow ? 'three-days' : 'week'}
          plugins={WEEK_GRID_OPTIONS.plugins}
          views={VIEWS}
          initialView={narrow ? 'timeGridThreeDay' : 'timeGridWeek'}
          locale={WEEK_GRID_OPTIONS.locale}
          timeZone="UTC"
          firstDay={1}
          headerToolbar={TOOLBAR}
          prevHint={narrow ? it.availability.prevDays : it.availability.prevWeek}
          nextHint={narrow ? it.availability.nextDays : it.availability.nextWeek}
          todayHint={narrow ? it.availability.thisDays : it.availability.thisWeek}
          allDaySlot={false}
          nowIndicator={false}
          slotDuration={WEEK_GRID_OPTIONS.slotDuration}
          slotMinHeight={slotMinHeight}
          slotMinTime={hourToSlotTime(doctor.startHour)}
          slotMaxTime={hourToSlotTime(doctor.endHour)}
          slotHeaderFormat={WEEK_GRID_OPTIONS.slotHeaderFormat}
          eventTimeFormat={WEEK_GRID_OPTIONS.eventTimeFormat}
          dayHeaderFormat={narrow ? NARROW_DAY_HEADER : WIDE_DAY_HEADER}
          height="auto"
          viewClass="app-calendar-view"
          buttonClass={WEEK_GRID_OPTIONS.buttonClass}
          events={calendarEvents}
          eventContent={renderEventContent}
          eventClick={onEventClick}
          datesSet={onDatesSet}
        />
      </div>
    </section>
  );
}
