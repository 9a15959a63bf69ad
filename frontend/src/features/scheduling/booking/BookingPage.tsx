import { usePageTitle } from '../../../lib/pageTitle';
import './booking.css';
import type { DoctorSummary, FreeSlot, VisitTypeView } from '@studio/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useGetSessionQuery } from '../../../lib/api';
import { dayLong, nextDays } from '../../../lib/dates';
import { useGetDoctorsQuery } from '../../../lib/doctorsApi';
import { Loading } from '../../../components/ui/Loading';
import { DoctorSelectLoading } from './DoctorSelectLoading';
import { DoctorPicker } from '../../../components/ui/DoctorPicker';
import { QueryError, QuerySection } from '../../../components/ui/QuerySection';
import { VisitorHint } from './VisitorHint';
import { LockableButton } from '../../../components/ui/LockableButton';
import { PATHS } from '../../../lib/paths';
import { clearPendingBooking, keepPendingBooking, readPendingBooking } from '../../../lib/pendingBooking';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useHoldChoice } from '../../../lib/useHoldChoice';
import { WaitingListForm } from './WaitingListForm';
import * as it from '../../../i18n/it';
import { useGetFreeDaysQuery, useGetFreeSlotsQuery, useGetVisitTypesQuery } from './bookingApi';
import { useGetLocationsQuery } from '../../../lib/practiceApi';
import { formatEuro } from '../../../lib/format';
import { DoctorCard } from './DoctorCard';
import { usePreselectedChoice } from './usePreselectedChoice';
import { bookingInTab, framed, type WidgetBookingState } from '../../../lib/widgetHost';
import {
  choiceRestored,
  dayChosen,
  doctorChosen,
  holdErrorDismissed,
  hourChosen,
  noticeDismissed,
  selectAvailabilityId,
  selectBooking,
  selectBookingLive,
  selectCanSave,
  selectSubmitLabel,
  visitTypeChosen,
} from './bookingSlice';
import { DayGrid } from '../../../components/ui/DayGrid';

// only in the widget's frame, only for a practice with several locations: not in every visitor's first load
const WidgetNotice = lazy(() => import('../../../components/ui/WidgetNotice').then((m) => ({ default: m.WidgetNotice })));
const LocationChoice = lazy(() => import('./LocationChoice').then((m) => ({ default: m.LocationChoice })));

/** the booking page shows the next 4 weeks */
export const BOOKING_WINDOW_DAYS = 28;

/**
 * /prenota (public): element #doing_booking, a form with the hidden inputs doctor_id and
 * availability_id (0 = nothing chosen). Doctor, then a day of the next 4 weeks with free hours,
 * then an hour; "Salva" holds the slot (a visitor registers first, the choice is kept).
 */
export function BookingPage() {
  usePageTitle(it.titles.booking);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useGetSessionQuery();
  const user = session.data?.user ?? null;
  const booking = useAppSelector(selectBooking);
  const availabilityId = useAppSelector(selectAvailabilityId);
  const canSave = useAppSelector(selectCanSave);
  const submitLabel = useAppSelector(selectSubmitLabel);
  const [hold] = useHoldChoice();
  const [lockKey, setLockKey] = useState(0);

  // a choice kept before registering or logging in comes back
  useEffect(() => {
    const pending = readPendingBooking();
    if (pending) dispatch(choiceRestored(pending));
  }, [dispatch]);

  const doctors = useGetDoctorsQuery();
  usePreselectedChoice(doctors.data);
  const doctor = doctors.data?.find((d) => d.id === booking.doctorId);
  // a doctor with visit types is booked from one of them; one without is booked as before (30 minutes)
  const visitTypes = useGetVisitTypesQuery(doctor?.id ?? skipToken);
  const visitType = visitTypes.data?.find((v) => v.id === booking.visitTypeId);
  const needsVisitType = (visitTypes.data?.length ?? 0) > 0;
  const readyForDays = doctor && visitTypes.data !== undefined && (!needsVisitType || visitType);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { doctorId, day, slot } = booking;
    if (!doctorId || !day || !slot || !canSave) return;
    const visitTypeId = visitType?.id;
    if (!user) {
      // a visitor registers first; the choice waits in this tab
      keepPendingBooking({ doctorId, availabilityId: slot.id, date: day, hour: slot.hour, ...(visitTypeId ? { visitTypeId } : {}) });
      // in the widget's frame the registration page's notice needs the doctor even where the storage above is blocked
      const state: WidgetBookingState | undefined = framed() ? { widgetBooking: bookingInTab(doctorId, visitTypeId) } : undefined;
      void navigate(PATHS.register, { state });
      return;
    }
    const outcome = await hold({ doctorId, availabilityId: slot.id, visitTypeId });
    if (!outcome.ok) setLockKey((k) => k + 1);
  };

  const chooseDoctor = (id: string) => {
    clearPendingBooking();
    dispatch(doctorChosen(id || null));
  };

  return (
    <div className="app-booking">
      <h1 className="h3">{it.booking.title}</h1>
      <p className="text-body-secondary">{it.booking.intro}</p>
      {framed() && (
        <Suspense fallback={null}>
          <WidgetNotice />
        </Suspense>
      )}

      <Form
        id="doing_booking"
        method="post"
        action="/prenotazioni"
        aria-label={it.booking.formLabel}
        aria-busy={booking.holding}
        onSubmit={(e) => void onSubmit(e)}
      >
        <input type="hidden" name="doctor_id" value={booking.doctorId ?? ''} />
        <input type="hidden" name="availability_id" value={availabilityId} />

        <QuerySection
          query={doctors}
          loading={<DoctorSelectLoading />}
          errorText={it.booking.doctorsError}
          empty={
            <Alert variant="info" role="status">
              {it.booking.noDoctors}
            </Alert>
          }
        >
          {(list) => (
            <>
              <DoctorPicker
                id="booking-doctor"
                className="mb-3 app-booking-doctor"
                label={it.booking.doctor}
                placeholder={it.booking.doctorPlaceholder}
                doctors={list}
                value={doctor ? doctor.id : ''}
                onChange={chooseDoctor}
                disabled={booking.holding}
              />
              {!doctor && <p className="text-body-secondary">{it.booking.chooseDoctor}</p>}
            </>
          )}
        </QuerySection>

        {doctor && <DoctorCard doctor={doctor} visitType={visitType} />}
        {doctor && visitTypes.isError && <QueryError error={visitTypes.error} fallback={it.booking.visitTypesError} onRetry={visitTypes.refetch} />}
        {doctor && needsVisitType && visitTypes.data && (
          <VisitTypeChoice
            types={visitTypes.data}
            chosenId={visitType?.id ?? null}
            disabled={booking.holding}
            onChoose={(id) => {
              clearPendingBooking();
              dispatch(visitTypeChosen(id));
            }}
          />
        )}
        {doctor && needsVisitType && !visitType && <p className="text-body-secondary">{it.booking.chooseVisitType}</p>}
        {readyForDays && <DoctorChoice key={visitType?.id ?? 'slot'} doctor={doctor} visitTypeId={visitType?.id} />}

        {booking.notice && (
          <Alert variant="warning" role="alert" dismissible onClose={() => dispatch(noticeDismissed())} closeLabel={it.app.dismiss}>
            {it.booking[booking.notice]}
          </Alert>
        )}
        {booking.holdError && (
          <Alert variant="danger" role="alert" dismissible onClose={() => dispatch(holdErrorDismissed())} closeLabel={it.app.dismiss}>
            {booking.holdError}
          </Alert>
        )}

        {doctor && booking.day && booking.slot && (
          <p className="fw-semibold" aria-live="polite">
            {it.booking.chosen(doctor.name, dayLong(booking.day), booking.slot.hour)}
            {visitType && <> {it.booking.chosenVisit(visitType.name, visitType.minutes, formatEuro(visitType.priceCents))}</>}
          </p>
        )}

        {!user && !session.isLoading && (
          <VisitorHint
            loginLink={
              <Link to={PATHS.login} state={{ from: PATHS.booking }}>
                {it.booking.loginLink}
              </Link>
            }
          />
        )}

        <LockableButton
          type="submit"
          variant="primary"
          className="app-booking-submit"
          disabled={!canSave || session.isLoading}
          lockKey={`${lockKey}|${availabilityId}`}
        >
          {booking.holding && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </LockableButton>
      </Form>
      {doctor && user?.role === 'patient' && (
        <WaitingListChoice key={visitType?.id ?? 'slot'} doctorId={doctor.id} horizonDays={visitType?.horizonDays ?? BOOKING_WINDOW_DAYS} />
      )}
    </div>
  );
}

/** the waiting list, for the days of the booking horizon (the visit type's, or the booking window) */
function WaitingListChoice({ doctorId, horizonDays }: { doctorId: string; horizonDays: number }) {
  const [days] = useState(() => nextDays(new Date(), horizonDays));
  return <WaitingListForm key={doctorId} doctorId={doctorId} firstDay={days[0]} lastDay={days[days.length - 1]} />;
}

/** the doctor's visit types, one chosen first: name, length, mode and price */
function VisitTypeChoice({
  types,
  chosenId,
  disabled,
  onChoose,
}: {
  types: VisitTypeView[];
  chosenId: string | null;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="h6" id="booking-visit-types-label">
        {it.booking.visitTypes}
      </legend>
      <p className="small text-body-secondary mb-2">{it.booking.visitTypesHint}</p>
      <div className="d-flex flex-wrap gap-2 app-booking-visit-types" role="group" aria-labelledby="booking-visit-types-label">
        {types.map((v) => {
          const chosen = v.id === chosenId;
          return (
            <Button
              key={v.id}
              type="button"
              variant={chosen ? 'primary' : 'outline-primary'}
              className="app-booking-visit-type text-start"
              data-visit-type-id={v.id}
              data-minutes={v.minutes}
              aria-pressed={chosen}
              disabled={disabled}
              onClick={() => onChoose(v.id)}
            >
              <span className="d-block fw-semibold">{v.name}</span>
              <span className="d-block small">
                {it.booking.visitMinutes(v.minutes)} · {formatEuro(v.priceCents)} · {it.booking.visitMode[v.mode]}
                {v.firstVisitOnly && <> · {it.booking.firstVisitOnly}</>}
                {v.followUpOnly && <> · {it.booking.followUpOnly}</>}
              </span>
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** the chosen doctor's days and the chosen day's hours, both live; with a visit type, where the whole visit fits */
function DoctorChoice({ doctor, visitTypeId }: { doctor: DoctorSummary; visitTypeId?: string }) {
  const dispatch = useAppDispatch();
  const booking = useAppSelector(selectBooking);
  const live = useAppSelector(selectBookingLive);
  // the window is fixed when the page opens: the next 4 weeks from today (the viewer's date)
  const [range] = useState(() => {
    const days = nextDays(new Date(), BOOKING_WINDOW_DAYS);
    return { days, from: days[0], to: days[days.length - 1] };
  });
  // the practice's locations: each hour says where it is; ?sede=<id> (a public page's "Prenota in …") starts on one
  const locations = useGetLocationsQuery();
  const [params] = useSearchParams();
  const [locationId, setLocationId] = useState(() => params.get('sede') ?? '');
  const where = { ...(visitTypeId ? { visitTypeId } : {}), ...(locationId ? { locationId } : {}) };
  const locationName = (id?: string) => locations.data?.find((l) => l.id === id)?.name;
  const freeDays = useGetFreeDaysQuery({ doctorId: doctor.id, from: range.from, to: range.to, ...where });
  const freeByDate = useMemo(() => new Map((freeDays.data ?? []).map((d) => [d.date, d.free])), [freeDays.data]);

  const day = booking.day;
  const hours = useGetFreeSlotsQuery(day ? { doctorId: doctor.id, date: day, ...where } : skipToken, {
    refetchOnMountOrArgChange: true,
  });

  const chooseDay = (date: string) => {
    clearPendingBooking();
    const same = date === day;
    dispatch(dayChosen(date));
    // choosing a day reloads its hours, the same day too
    if (same) void hours.refetch();
  };
  // another location: the hour chosen may not be there, it is unchosen (the day stays)
  const chooseLocation = (id: string) => {
    setLocationId(id);
    if (day) dispatch(dayChosen(day));
  };
  const chooseHour = (slot: FreeSlot) => {
    clearPendingBooking();
    dispatch(hourChosen(slot));
  };

  const noFreeDay = freeDays.data !== undefined && !range.days.some((d) => (freeByDate.get(d) ?? 0) > 0);

  return (
    <>
      <p className="small mb-2 app-live-status" role="status" aria-live="polite" data-live={live}>
        {it.booking.live[live]}
      </p>

      {(locations.data?.length ?? 0) > 1 && (
        <Suspense fallback={null}>
          <LocationChoice locations={locations.data!} value={locationId} onChange={chooseLocation} />
        </Suspense>
      )}

      <fieldset className="mb-3">
        <legend className="h6" id="booking-days-label">
          {it.booking.days}
        </legend>
        <p className="small text-body-secondary mb-2">{it.booking.daysHint}</p>
        <QuerySection query={freeDays} loadingLabel={it.booking.loadingDays} errorText={it.booking.daysError} />
        {noFreeDay && (
          <Alert variant="info" role="status">
            {it.booking.noDays}
          </Alert>
        )}
        {freeDays.data && (
          <DayGrid
            days={range.days}
            freeByDate={freeByDate}
            chosen={day}
            onChoose={chooseDay}
            disabled={booking.holding}
            labelledBy="booking-days-label"
            gridClass="app-booking-days"
            dayClass="app-booking-day"
          />
        )}
      </fieldset>

      <fieldset className="mb-3">
        <legend className="h6" id="booking-hours-label">
          {day ? it.booking.hoursOf(dayLong(day)) : it.booking.hours}
        </legend>
        {!day && <p className="text-body-secondary small">{it.booking.chooseDay}</p>}
        {day && hours.isFetching && <Loading label={it.booking.loadingHours} />}
        {day && !hours.isFetching && hours.isError && <QueryError error={hours.error} fallback={it.booking.hoursError} onRetry={hours.refetch} />}
        {day && !hours.isFetching && hours.currentData?.length === 0 && <p className="text-body-secondary">{it.booking.noHours}</p>}
        {day && !hours.isFetching && hours.currentData && hours.currentData.length > 0 && (
          <div className="app-booking-hours" role="group" aria-labelledby="booking-hours-label">
            {hours.currentData.map((slot) => {
              const chosen = booking.slot?.id === slot.id;
              return (
                <Button
                  key={slot.id}
                  type="button"
                  size="sm"
                  variant={chosen ? 'primary' : 'outline-primary'}
                  className="app-booking-hour"
                  data-slot-id={slot.id}
                  data-hour={slot.hour}
                  aria-pressed={chosen}
                  disabled={booking.holding}
                  onClick={() => chooseHour(slot)}
                >
                  {slot.hour}
                  {locationName(slot.locationId) && <span className="d-block small app-booking-hour-place">{locationName(slot.locationId)}</span>}
                </Button>
              );
            })}
          </div>
        )}
      </fieldset>
    </>
  );
}
