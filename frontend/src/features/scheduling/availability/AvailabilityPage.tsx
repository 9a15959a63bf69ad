import { usePageTitle } from '../../../lib/pageTitle';
import type { DoctorSummary } from '@studio/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../lib/paths';
import { useGetSessionQuery } from '../../../lib/api';
import { DoctorPicker } from '../../../components/ui/DoctorPicker';
import { QuerySection } from '../../../components/ui/QuerySection';
import { Loading } from '../../../components/ui/Loading';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import * as it from '../../../i18n/it';
import { useGetDoctorsQuery } from './availabilityApi';
import { doctorChosen, selectToggleError, toggleErrorDismissed } from './availabilitySlice';
import { LiveStatus } from './LiveStatus';
import { WholeDayForm } from './WholeDayForm';
import { WorkingHoursForm } from './WorkingHoursForm';
import { WeeklySchedulePanel } from './WeeklySchedulePanel';
import { useRememberedDoctor } from '../../../lib/rememberedDoctor';

// FullCalendar is the heaviest part of the app: loaded with this page only
const AvailabilityCalendar = lazy(() => import('./AvailabilityCalendar').then((m) => ({ default: m.AvailabilityCalendar })));

/** the query parameter that remembers the front desk's chosen doctor ("for") */
const FOR_PARAM = 'for';

/**
 * /disponibilita: a doctor manages their own calendar; the front desk (admin) first picks a doctor,
 * remembered in the address as ?for=<doctorId>.
 */
export function AvailabilityPage() {
  usePageTitle(it.titles.availability);
  const { data: session } = useGetSessionQuery();
  const user = session?.user ?? null;
  const isAdmin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const doctors = useGetDoctorsQuery();
  const dispatch = useAppDispatch();

  useRememberedDoctor(
    isAdmin,
    doctors.data?.map((d) => d.id),
  );
  const doctorId = isAdmin ? (params.get(FOR_PARAM) ?? '') : (user?.id ?? '');
  const doctor = doctors.data?.find((d) => d.id === doctorId);

  useEffect(() => {
    if (doctorId) dispatch(doctorChosen(doctorId));
  }, [dispatch, doctorId]);

  const chooseDoctor = (id: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set(FOR_PARAM, id);
        else next.delete(FOR_PARAM);
        return next;
      },
      { replace: false },
    );
  };

  if (!user) return null;

  return (
    <div className="app-availability">
      <h1 className="h3">{it.availability.title}</h1>
      <p className="text-body-secondary small">{it.availability.intro}</p>

      <QuerySection query={doctors} errorText={it.availability.doctorsError} />

      {doctors.data && isAdmin && (
        <>
          {doctors.data.length === 0 ? (
            <Alert variant="info">{it.availability.noDoctors}</Alert>
          ) : (
            <DoctorPicker
              id="doctor-select"
              className="mb-3 app-doctor-picker"
              doctors={doctors.data}
              value={doctor ? doctor.id : ''}
              onChange={chooseDoctor}
              label={it.availability.doctorSelect}
              placeholder={it.availability.doctorPlaceholder}
            />
          )}
          {doctors.data.length > 0 && !doctorId && <Alert variant="info">{it.availability.chooseDoctor}</Alert>}
          {doctorId && !doctor && <Alert variant="warning">{it.availability.doctorNotFound}</Alert>}
        </>
      )}
      {doctors.data && !isAdmin && !doctor && <Alert variant="warning">{it.availability.selfNotFound}</Alert>}

      {doctor && <DoctorCalendar doctor={doctor} />}
      {doctor && !isAdmin && (
        <p className="mt-3">
          <Link to={PATHS.externalCalendar}>{it.externalCalendar.link}</Link>
        </p>
      )}
    </div>
  );
}

function DoctorCalendar({ doctor }: { doctor: DoctorSummary }) {
  const toggleError = useAppSelector(selectToggleError);
  const dispatch = useAppDispatch();
  return (
    <>
      {/* the calendar belongs to currentuser; visible hours come from these inputs */}
      <input type="hidden" id="currentuser" name="currentuser" value={doctor.id} />
      <input type="hidden" id="start_working_hour" name="start_working_hour" value={doctor.startHour} />
      <input type="hidden" id="end_working_hour" name="end_working_hour" value={doctor.endHour} />

      <LiveStatus />
      {toggleError && (
        <Alert variant="danger" dismissible onClose={() => dispatch(toggleErrorDismissed())} closeLabel={it.app.dismiss}>
          {toggleError}
        </Alert>
      )}
      <Suspense fallback={<Loading />}>
        <AvailabilityCalendar key={doctor.id} doctor={doctor} />
      </Suspense>
      <WholeDayForm doctor={doctor} />
      <WeeklySchedulePanel key={`weekly-${doctor.id}`} doctor={doctor} />
      <WorkingHoursForm doctor={doctor} />
    </>
  );
}
