import type { AgendaItem, DoctorSummary } from '@studio/contracts';
import { Alert, Badge, Card } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/ui/Loading';
import * as it from '../../../i18n/it';
import { isoDay, utcClock } from '../../../lib/dates';
import { useGetDoctorsQuery } from '../../../lib/doctorsApi';
import { PATHS } from '../../../lib/paths';
import { useGetAgendaQuery } from './agendaApi';

const t = it.frontDesk;

/** a badge per appointment state: filled for what needs the desk (to pay), soft for the rest */
const STATUS_BADGE: Record<AgendaItem['status'], string> = {
  held: 'warning',
  confirmed: 'success',
  cancelled: 'secondary',
  no_show: 'secondary',
  completed: 'light',
};

const withFor = (path: string, doctorId: string, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ for: doctorId, ...extra }).toString()}`;

/** one doctor's day: the appointments in time order, live (the agenda query listens to agenda:changed) */
function DoctorDay({ doctor, day }: { doctor: DoctorSummary; day: string }) {
  const agenda = useGetAgendaQuery({ doctorId: doctor.id, from: day, to: day }, { refetchOnMountOrArgChange: true });
  const items = [...(agenda.data ?? [])].sort((a, b) => a.start.localeCompare(b.start));
  const headingId = `today-${doctor.id}`;
  return (
    <Card as="section" aria-labelledby={headingId} className="h-100" data-testid="today-doctor">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h3 id={headingId} className="h6 mb-0 me-auto">
          {doctor.name}
        </h3>
        <nav aria-label={t.shortcutsFor(doctor.name)} className="d-flex flex-wrap gap-2">
          <Link className="btn btn-sm btn-outline-primary" to={withFor(PATHS.agenda, doctor.id, { view: 'day', day })}>
            {t.openAgenda}
          </Link>
          <Link className="btn btn-sm btn-outline-primary" to={withFor(PATHS.availability, doctor.id)}>
            {t.openCalendar}
          </Link>
        </nav>
      </Card.Header>
      <Card.Body>
        {agenda.isLoading && <Loading label={t.loading} />}
        {agenda.isError && <Alert variant="danger">{t.error}</Alert>}
        {agenda.isSuccess && items.length === 0 && <p className="text-body-secondary mb-0">{t.empty}</p>}
        {items.length > 0 && (
          <ol className="list-unstyled mb-0 d-grid gap-2">
            {items.map((item) => (
              <li key={item.id} className="d-flex flex-wrap align-items-center gap-2" data-testid="today-appointment">
                <strong className="font-monospace">
                  {utcClock(item.start)}–{utcClock(item.end)}
                </strong>
                <span className="me-auto">
                  {item.patient.name} {item.patient.surname}
                </span>
                <Badge bg={STATUS_BADGE[item.status]}>{it.agenda.status_[item.status]}</Badge>
                {item.status === 'held' && (
                  <Link className="btn btn-sm btn-primary" to={withFor(PATHS.agenda, doctor.id, { view: 'day', day })}>
                    {t.deskPayment}
                  </Link>
                )}
                <Link className="btn btn-sm btn-outline-secondary" to={PATHS.bookingDetail.replace(':id', encodeURIComponent(item.id))}>
                  {it.agenda.detail}
                  <span className="visually-hidden"> {t.detailOf(`${item.patient.name} ${item.patient.surname}`, utcClock(item.start))}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * The front desk's day: every doctor's appointments for today side by side (one card each, stacked on a
 * phone), live, with the shortcuts the desk uses most: the doctor's agenda and calendar, the booking's detail,
 * and the desk payment of what is still to pay.
 */
export function TodayAtPractice({ today = isoDay(new Date()) }: { today?: string }) {
  const doctors = useGetDoctorsQuery();
  return (
    <section aria-labelledby="today-heading" className="mt-3">
      <h2 id="today-heading" className="h5">
        {t.title}
      </h2>
      {doctors.isLoading && <Loading label={t.loadingDoctors} />}
      {doctors.isError && <Alert variant="danger">{t.doctorsError}</Alert>}
      {doctors.data?.length === 0 && <Alert variant="info">{t.noDoctors}</Alert>}
      <div className="row row-cols-1 row-cols-lg-2 g-3">
        {doctors.data?.map((d) => (
          <div className="col" key={d.id}>
            <DoctorDay doctor={d} day={today} />
          </div>
        ))}
      </div>
    </section>
  );
}
