import FullCalendar from '@fullcalendar/react';
import type { AvailabilityEvent, DoctorSummary } from '@studio/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { startOfISOWeek } from 'date-fns';
import { useMemo, useState } from 'react';
import { Alert, Col, Row, Spinner } from 'react-bootstrap';
import { errorMessage } from '../../lib/api';
import { useGetDoctorsQuery } from '../../lib/doctorsApi';
import * as it from '../../i18n/it';
// the same grid as the doctors' calendar: one slot drawing, in components/ui
import { DoctorPicker } from '../../components/ui/DoctorPicker';
import { WEEK_GRID_OPTIONS, renderEventContent, useSlotMinHeight } from '../../components/ui/WeekGrid';
import { hourToSlotTime, toCalendarEvents } from '../../components/ui/weekGridEvents';
import { useGetAvailabilityAsOfQuery, useGetAvailabilityNowQuery } from './auditApi';
import { InstantQueryForm } from './InstantQueryForm';
import { formatInstant, localInputToIso } from './format';

const TITLE_ONLY = { start: '', center: 'title', end: '' };
const DAY_MS = 86_400_000;

function ReadOnlyWeek({
  doctor,
  events,
  start,
  label,
}: {
  doctor: DoctorSummary;
  events: readonly AvailabilityEvent[] | undefined;
  start: string;
  label: string;
}) {
  const calendarEvents = useMemo(() => toCalendarEvents(events ?? [], []), [events]);
  const slotMinHeight = useSlotMinHeight();
  return (
    <section aria-label={label} className="app-calendar" data-testid={`as-of-${label === it.audit.now ? 'now' : 'then'}`}>
      <h3 className="h6">{label}</h3>
      {!events && <Spinner animation="border" size="sm" />}
      <FullCalendar
        {...WEEK_GRID_OPTIONS}
        initialDate={start}
        headerToolbar={TITLE_ONLY}
        slotMinTime={hourToSlotTime(doctor.startHour)}
        slotMaxTime={hourToSlotTime(doctor.endHour)}
        slotMinHeight={slotMinHeight}
        dayHeaderFormat={{ weekday: 'short', day: 'numeric' }}
        events={calendarEvents}
        eventContent={renderEventContent}
        eventClick={(info) => info.jsEvent.preventDefault()}
      />
    </section>
  );
}

/** one doctor's week as GET /disponibilita/json answered at an instant, beside the week now */
export function AsOfCalendars() {
  const doctors = useGetDoctorsQuery();
  const [doctorId, setDoctorId] = useState('');
  const [instant, setInstant] = useState('');
  const [chosen, setChosen] = useState<{ doctorId: string; at: string } | null>(null);
  const doctor = doctors.data?.find((d) => d.id === chosen?.doctorId);
  const range = useMemo(() => {
    if (!chosen) return null;
    // the week (Monday, UTC) of the chosen instant
    const monday = startOfISOWeek(new Date(chosen.at));
    const start = new Date(Date.UTC(monday.getFullYear(), monday.getMonth(), monday.getDate()));
    return { start: start.toISOString(), end: new Date(start.getTime() + 7 * DAY_MS).toISOString() };
  }, [chosen]);
  const then = useGetAvailabilityAsOfQuery(chosen && range ? { doctorId: chosen.doctorId, at: chosen.at, ...range } : skipToken);
  const now = useGetAvailabilityNowQuery(chosen && range ? { doctorId: chosen.doctorId, ...range } : skipToken);

  return (
    <section aria-labelledby="as-of-heading">
      <h2 id="as-of-heading" className="h5">
        {it.audit.asOfTitle}
      </h2>
      <p className="small">{it.audit.asOfIntro}</p>
      <InstantQueryForm
        id="as-of"
        className="mb-3"
        instant={instant}
        onInstantChange={setInstant}
        onSubmit={() => {
          if (doctorId && instant) setChosen({ doctorId, at: localInputToIso(instant) });
        }}
        subject={
          <DoctorPicker id="as-of-doctor" label={it.audit.doctor} placeholder="" required doctors={doctors.data} value={doctorId} onChange={setDoctorId} />
        }
      />
      {then.isError && <Alert variant="danger">{errorMessage(then.error, it.audit.asOfError)}</Alert>}
      {doctor && range && chosen && (
        <Row className="g-3">
          <Col lg={6}>
            <ReadOnlyWeek doctor={doctor} events={then.currentData} start={range.start} label={it.audit.asOfThen(formatInstant(chosen.at))} />
          </Col>
          <Col lg={6}>
            <ReadOnlyWeek doctor={doctor} events={now.currentData} start={range.start} label={it.audit.now} />
          </Col>
        </Row>
      )}
    </section>
  );
}
