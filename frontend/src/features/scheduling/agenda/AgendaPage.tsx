import type { AgendaItem } from '@studio/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Table, ToggleButton } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage, useGetSessionQuery } from '../../../lib/api';
import { dayLong, isoDay, utcClock, utcDay } from '../../../lib/dates';
import { useGetDoctorsQuery } from '../../../lib/doctorsApi';
import { CancelDialog } from '../../../components/ui/CancelDialog';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DoctorPicker } from '../../../components/ui/DoctorPicker';
import { QuerySection } from '../../../components/ui/QuerySection';
import { usePageTitle } from '../../../lib/pageTitle';
import { patientPathFor } from '../../../lib/patientPaths';
import { formatEuro } from '../../../lib/money';
import * as it from '../../../i18n/it';
import { agendaRange, shiftDay, type AgendaView } from './agendaRange';
import { useCancelAppointmentMutation, useGetAgendaQuery, useRecordOutcomeMutation, useUndoOutcomeMutation } from './agendaApi';
import { DeskPayment } from './DeskPayment';
import { DeskRefund, isDeskOrder } from './DeskRefund';
import { undoOpen, visitEnded } from './outcomeTiming';
import { FollowUpButton } from './FollowUpDialog';
import { useNow } from '../../../lib/useNow';
import { BookingStatusBadge } from '../../../components/ui/BookingStatusBadge';
import { useRememberedDoctor } from '../../../lib/rememberedDoctor';
import { EmailAddress } from '../../../components/ui/EmailAddress';
import { LocationChoice } from '../booking/LocationChoice';
import { useGetLocationsQuery } from '../../../lib/practiceApi';

const t = it.agenda;

/** the staff's disdetta: a reason is required (the patient is told), the refund is always full */
function CancelAppointment({ item, doctorId }: { item: AgendaItem; doctorId: string }) {
  const [cancel, state] = useCancelAppointmentMutation();
  return (
    <CancelDialog
      idPrefix="agenda-cancel"
      itemId={item.id}
      texts={t}
      closeLabel={it.myBookings.close}
      busy={state.isLoading}
      error={state.isError ? errorMessage(state.error, t.actionFailed) : null}
      onOpen={() => state.reset()}
      onConfirm={(reason) => cancel({ bookingId: item.id, doctorId, reason }).unwrap()}
    >
      <p>{`${item.patient.name} ${item.patient.surname}, ${dayLong(utcDay(item.start))} ${utcClock(item.start)}`}</p>
      {item.order && <Alert variant="info">{t.cancelText}</Alert>}
    </CancelDialog>
  );
}

/**
 * "Svolta" / "Assente" once the visit is over, each asked for confirmation; "Annulla esito" for 24 hours after.
 * The server decides (booking decider); these are only offered when they can succeed.
 */
function OutcomeActions({
  item,
  doctorId,
  now,
  onError,
  onUndone,
}: {
  item: AgendaItem;
  doctorId: string;
  now: Date;
  onError: (message: string) => void;
  onUndone: () => void;
}) {
  const [record, recording] = useRecordOutcomeMutation();
  const [undo, undoing] = useUndoOutcomeMutation();
  const [asking, setAsking] = useState<'completed' | 'no_show' | null>(null);
  const name = `${item.patient.name} ${item.patient.surname}`.trim();
  const label = (o: 'completed' | 'no_show') => (o === 'completed' ? t.completed : t.noShow);
  const confirm = async () => {
    if (!asking) return;
    const value = asking;
    setAsking(null);
    try {
      await record({ bookingId: item.id, doctorId, outcome: value }).unwrap();
    } catch (error) {
      onError(errorMessage(error, t.actionFailed));
    }
  };
  const withdraw = async () => {
    try {
      await undo({ bookingId: item.id, doctorId }).unwrap();
      onUndone();
    } catch (error) {
      onError(errorMessage(error, t.actionFailed));
    }
  };
  if (undoOpen(item, now)) {
    return (
      <Button variant="outline-secondary" size="sm" aria-label={t.undoOutcomeFor(name)} disabled={undoing.isLoading} onClick={() => void withdraw()}>
        {t.undoOutcome}
      </Button>
    );
  }
  if (item.status !== 'confirmed') return null;
  if (!visitEnded(item, now)) return <span className="small text-body-secondary align-self-center">{t.outcomeAfter(utcClock(item.end))}</span>;
  const titleId = `agenda-outcome-${item.id}`;
  return (
    <>
      <Button variant="outline-primary" size="sm" disabled={recording.isLoading} onClick={() => setAsking('completed')}>
        {t.completed}
      </Button>
      <Button variant="outline-danger" size="sm" disabled={recording.isLoading} onClick={() => setAsking('no_show')}>
        {t.noShow}
      </Button>
      <ConfirmDialog
        show={asking !== null}
        titleId={titleId}
        title={asking ? t.outcomeTitle(label(asking)) : ''}
        closeLabel={it.myBookings.close}
        backLabel={t.outcomeBack}
        confirmLabel={asking ? t.outcomeConfirm(label(asking)) : ''}
        confirmVariant={asking === 'no_show' ? 'danger' : 'primary'}
        onBack={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        <p className="mb-0">{t.outcomeText(name, `${dayLong(utcDay(item.start))} ${utcClock(item.start)}–${utcClock(item.end)}`)}</p>
      </ConfirmDialog>
    </>
  );
}

function AgendaRow({
  item,
  doctorId,
  today,
  now,
  onError,
  onNotice,
  followUp,
}: {
  item: AgendaItem;
  doctorId: string;
  today: string;
  now: Date;
  onError: (message: string) => void;
  onNotice: (message: string) => void;
  /** the booking whose "Prenota il controllo" opens at once (from the booking detail) */
  followUp: string | null;
}) {
  const name = `${item.patient.name} ${item.patient.surname}`.trim();
  const role = useGetSessionQuery().data?.user?.role;
  // a held booking does not make the doctor the patient's doctor yet (the record's rule)
  const patientHref = patientPathFor(role, item.patient, item.status !== 'held' && item.status !== 'cancelled');
  return (
    <tr data-booking-id={item.id} data-status={item.status}>
      <td data-label={t.time}>{`${utcClock(item.start)}–${utcClock(item.end)}`}</td>
      <td data-label={t.patient}>
        {patientHref ? (
          <Link className="app-agenda-patient" to={patientHref}>
            {name}
          </Link>
        ) : (
          <span className="app-agenda-patient">{name}</span>
        )}
        {item.noShows > 0 && (
          <Badge bg="danger" className="ms-2">
            {t.noShows(item.noShows)}
          </Badge>
        )}
      </td>
      <td data-label={t.phone}>{item.patient.phone ? <a href={`tel:${item.patient.phone}`}>{item.patient.phone}</a> : '—'}</td>
      <td data-label={t.email}>
        {item.patient.email ? (
          <a href={`mailto:${item.patient.email}`}>
            <EmailAddress address={item.patient.email} />
          </a>
        ) : (
          '—'
        )}
      </td>
      <td data-label={t.status}>
        <BookingStatusBadge status={item.status} label={t.status_[item.status]} className="app-agenda-status" />
        {item.confirmedByPatient && (
          <Badge bg="success" className="ms-2">
            {t.confirmedByPatient}
          </Badge>
        )}
        {item.reminderUndelivered && (
          <Badge bg="warning" text="dark" className="ms-2">
            {t.reminderUndelivered}
          </Badge>
        )}
      </td>
      <td data-label={t.paid}>
        {item.order ? (
          <>
            {formatEuro(item.order.amountCents)}
            {item.order.status === 'refunded' && <span className="ms-1 text-body-secondary">({t.refunded})</span>}
            <div className="small text-body-secondary">{t.order(item.order.id)}</div>
            {item.order.status === 'placed' && (
              <a
                className="btn btn-outline-secondary btn-sm mt-1"
                href={`/api/orders/${encodeURIComponent(item.order.id)}/receipt.pdf`}
                target="_blank"
                rel="noreferrer"
              >
                {t.receiptPdf}
              </a>
            )}
          </>
        ) : (
          t.notPaid
        )}
      </td>
      <td data-label={t.questionnaire}>{item.questionnaireAnswered ? t.answered : t.notAnswered}</td>
      <td data-label={t.actions}>
        <div className="d-flex flex-wrap gap-1">
          <Link className="btn btn-outline-secondary btn-sm" to={`/prenotazioni/${encodeURIComponent(item.id)}`}>
            {t.detail}
          </Link>
          {(item.status === 'confirmed' || item.status === 'held') && utcDay(item.start) >= today && <CancelAppointment item={item} doctorId={doctorId} />}
          {item.status === 'held' && (
            <DeskPayment bookingId={item.id} doctorId={doctorId} onError={onError} initialCents={item.priceCents} taxcodeOnFile={item.taxcodeOnFile} />
          )}
          {isDeskOrder(item.order) && item.order.status === 'placed' && <DeskRefund item={{ ...item, order: item.order }} doctorId={doctorId} />}
          {(item.status === 'confirmed' || item.status === 'completed') && (
            <FollowUpButton item={item} doctorId={doctorId} onDone={onNotice} initiallyOpen={followUp === item.id} />
          )}
          {utcDay(item.start) <= today && <OutcomeActions item={item} doctorId={doctorId} now={now} onError={onError} onUndone={() => onNotice(t.undone)} />}
        </div>
      </td>
    </tr>
  );
}

/**
 * /agenda (doctor: their own; front desk: ?for=<doctorId>): the appointments of a day or a week, with
 * who is coming and how to reach them, payment and questionnaire, live. ?day=YYYY-MM-DD&view=day|week.
 */
export function AgendaPage() {
  usePageTitle(it.titles.agenda);
  const { data: session } = useGetSessionQuery();
  const user = session?.user ?? null;
  const [params, setParams] = useSearchParams();
  const today = isoDay(new Date());
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : today;
  const view: AgendaView = params.get('view') === 'day' ? 'day' : 'week';
  const isAdmin = user?.role === 'admin';
  const doctors = useGetDoctorsQuery(undefined, { skip: !isAdmin });
  useRememberedDoctor(
    isAdmin,
    doctors.data?.map((d) => d.id),
  );
  const doctorId = isAdmin ? (params.get('for') ?? '') : (user?.id ?? '');
  const range = agendaRange(day, view);
  // ?sede=<id>: only the visits at one location (the choice appears when the practice has more than one)
  const locations = useGetLocationsQuery();
  const location = params.get('sede') ?? '';
  const agenda = useGetAgendaQuery({ doctorId, ...range, location }, { skip: !doctorId, refetchOnMountOrArgChange: true });
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // the outcome buttons appear when a visit ends, the undo goes 24 hours later: read the clock every half minute
  const now = new Date(useNow(30_000));

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next, { replace: true });
  };

  const byDay = new Map<string, AgendaItem[]>();
  for (const item of agenda.data ?? []) byDay.set(utcDay(item.start), [...(byDay.get(utcDay(item.start)) ?? []), item]);

  return (
    <div className="app-agenda">
      <h1 className="h3">{t.title}</h1>
      {isAdmin && doctors.data && (
        <DoctorPicker
          id="agenda-doctor"
          className="mb-3"
          label={t.doctor}
          placeholder="—"
          doctors={doctors.data}
          value={doctorId}
          onChange={(id) => set({ for: id })}
        />
      )}
      {locations.data && locations.data.length > 1 && (
        <LocationChoice id="agenda-location" locations={locations.data} value={location} onChange={(id) => set({ sede: id })} />
      )}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <ButtonGroup aria-label={t.view}>
          {(['day', 'week'] as const).map((v) => (
            <ToggleButton
              key={v}
              id={`agenda-view-${v}`}
              type="radio"
              variant="outline-primary"
              name="agenda-view"
              value={v}
              checked={view === v}
              onChange={() => set({ view: v })}
            >
              {v === 'day' ? t.day : t.week}
            </ToggleButton>
          ))}
        </ButtonGroup>
        <ButtonGroup>
          <Button variant="outline-secondary" onClick={() => set({ day: shiftDay(day, view, -1) })}>
            {t.previous}
          </Button>
          <Button variant="outline-secondary" onClick={() => set({ day: today })}>
            {t.today}
          </Button>
          <Button variant="outline-secondary" onClick={() => set({ day: shiftDay(day, view, 1) })}>
            {t.next}
          </Button>
        </ButtonGroup>
        <span className="ms-auto fw-semibold app-agenda-range">
          {range.from === range.to ? dayLong(range.from) : `${dayLong(range.from)} – ${dayLong(range.to)}`}
        </span>
      </div>
      <p className="small text-body-secondary">{t.live}</p>
      {actionError && (
        <Alert variant="danger" role="alert" dismissible onClose={() => setActionError(null)} closeLabel={it.app.dismiss}>
          {actionError}
        </Alert>
      )}
      {notice && (
        <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)} closeLabel={it.app.dismiss}>
          {notice}
        </Alert>
      )}
      <QuerySection query={agenda} loadingLabel={t.loading} errorText={t.error} empty={<p>{t.empty}</p>}>
        {() => (
          <Table responsive hover size="sm" className="app-agenda-table app-table-cards">
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.patient}</th>
                <th scope="col">{t.phone}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.paid}</th>
                <th scope="col">{t.questionnaire}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {[...byDay].map(([d, items]) => [
                <tr key={d} className="table-light">
                  <th colSpan={8} scope="rowgroup">
                    {dayLong(d)}
                  </th>
                </tr>,
                ...items.map((item) => (
                  <AgendaRow
                    key={item.id}
                    item={item}
                    doctorId={doctorId}
                    today={today}
                    now={now}
                    onError={setActionError}
                    onNotice={setNotice}
                    followUp={params.get('followUp')}
                  />
                )),
              ])}
            </tbody>
          </Table>
        )}
      </QuerySection>
    </div>
  );
}
