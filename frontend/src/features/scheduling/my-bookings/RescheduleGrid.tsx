import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { dayLong, nextDays } from '../../../lib/dates';
import { Loading } from '../../../components/ui/Loading';
import * as it from '../../../i18n/it';
import { useGetRescheduleDaysQuery, useGetRescheduleHoursQuery } from './rescheduleApi';
import './reschedule.css';
import { DayGrid } from '../../../components/ui/DayGrid';
import { QuerySection } from '../../../components/ui/QuerySection';

/** the same window as /prenota: the next 4 weeks */
export const RESCHEDULE_WINDOW_DAYS = 28;

/**
 * Moving a visit with the day grid of /prenota: the next 4 weeks, days with room marked and the others disabled,
 * then the chosen day's start times, only those where the whole visit fits (its visit type's length, pause, notice).
 * The visit's current start is not offered.
 */
export function RescheduleGrid({
  idPrefix,
  doctorId,
  visitTypeId,
  currentStart,
  value,
  onChange,
}: {
  idPrefix: string;
  doctorId: string;
  visitTypeId?: string;
  currentStart: string;
  value: string;
  onChange: (slotId: string) => void;
}) {
  const [range] = useState(() => {
    const days = nextDays(new Date(), RESCHEDULE_WINDOW_DAYS);
    return { days, from: days[0], to: days[days.length - 1] };
  });
  const [day, setDay] = useState<string | null>(null);
  const type = visitTypeId ? { visitTypeId } : {};
  const freeDays = useGetRescheduleDaysQuery({ doctorId, from: range.from, to: range.to, ...type }, { refetchOnMountOrArgChange: true });
  const freeByDate = useMemo(() => new Map((freeDays.data ?? []).map((d) => [d.date, d.free])), [freeDays.data]);
  const hours = useGetRescheduleHoursQuery(day ? { doctorId, date: day, ...type } : skipToken, { refetchOnMountOrArgChange: true });
  const current = `${currentStart.slice(0, 10)} ${currentStart.slice(11, 16)}`;
  const offered = (hours.currentData ?? []).filter((h) => `${day} ${h.hour}` !== current);
  const daysLabel = `${idPrefix}-days`;
  const hoursLabel = `${idPrefix}-hours`;

  return (
    <>
      <fieldset className="mb-3">
        <legend className="h6" id={daysLabel}>
          {it.myBookings.rescheduleDay}
        </legend>
        <p className="small text-body-secondary mb-2">{it.booking.daysHint}</p>
        <QuerySection query={freeDays} loadingLabel={it.booking.loadingDays} errorText={it.booking.daysError} retry={false} />
        {freeDays.data && (
          <DayGrid
            days={range.days}
            freeByDate={freeByDate}
            chosen={day}
            onChoose={(date) => {
              setDay(date);
              onChange('');
            }}
            labelledBy={daysLabel}
            gridClass="app-reschedule-days"
            dayClass="app-reschedule-day"
          />
        )}
      </fieldset>
      <fieldset>
        <legend className="h6" id={hoursLabel}>
          {day ? it.booking.hoursOf(dayLong(day)) : it.myBookings.rescheduleHour}
        </legend>
        {!day && <p className="text-body-secondary small mb-0">{it.booking.chooseDay}</p>}
        {day && hours.isFetching && <Loading label={it.myBookings.rescheduleLoadingHours} />}
        {day && !hours.isFetching && hours.isError && <Alert variant="danger">{errorMessage(hours.error, it.myBookings.rescheduleFailed)}</Alert>}
        {day && !hours.isFetching && hours.currentData && offered.length === 0 && <p className="mb-0">{it.myBookings.rescheduleNoHours}</p>}
        {day && !hours.isFetching && offered.length > 0 && (
          <div className="app-reschedule-hours" role="group" aria-labelledby={hoursLabel}>
            {offered.map((slot) => {
              const chosen = value === slot.id;
              return (
                <Button
                  key={slot.id}
                  type="button"
                  size="sm"
                  variant={chosen ? 'primary' : 'outline-primary'}
                  className="app-reschedule-hour"
                  data-slot-id={slot.id}
                  aria-pressed={chosen}
                  onClick={() => onChange(slot.id)}
                >
                  {slot.hour}
                </Button>
              );
            })}
          </div>
        )}
      </fieldset>
    </>
  );
}
