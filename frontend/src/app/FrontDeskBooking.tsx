import type { HoldResponse } from '@studio/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { DoctorPicker } from '../components/ui/DoctorPicker';
import { Loading } from '../components/ui/Loading';
import { DeskPayment } from '../features/scheduling/agenda/DeskPayment';
import { useHoldForPatientMutation } from '../features/scheduling/agenda/agendaApi';
import { useGetFreeSlotsQuery, useGetVisitTypesQuery } from '../features/scheduling/booking/bookingApi';
import { NewPatientDialog } from '../features/clinical/patients/NewPatientDialog';
import { useGetPatientsQuery } from '../features/clinical/patients/patientsApi';
import * as it from '../i18n/it';
import { errorMessage } from '../lib/api';
import { dayLong, isoDay, localClock } from '../lib/dates';
import { useGetDoctorsQuery } from '../lib/doctorsApi';
import { formatDay, formatEuro } from '../lib/format';
import { matchesPerson } from '../lib/people';
import { QuerySection } from '../components/ui/QuerySection';

const t = it.frontDesk;
/** a phone typed in part, spaces and the +39 ignored */
const samePhone = (typed: string, phone: string) => {
  const digits = typed.replace(/[\s+]/g, '');
  return /^\d{4,}$/.test(digits) && phone.replace(/[\s+]/g, '').includes(digits);
};
/** matches listed at once: more means the search is too broad to read on the phone */
const SHOWN = 6;

/**
 * "Prenota per un paziente" (the front desk's day): for a patient on the phone, search them (name, birth
 * date or email), choose doctor, visit type, day and a free start, and hold it FOR THE PATIENT through the server's
 * one booking path (POST /api/patients/:id/holds → the patient's own hold, with /prenota's rules). Then the desk takes
 * the payment ("Pagamento allo studio", which confirms it) or leaves it to the patient, who pays online from /home.
 */
export function FrontDeskBooking() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="front-desk-book">
        {t.book}
      </Button>
      {open && <FrontDeskBookingDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function FrontDeskBookingDialog({ onClose }: { onClose: () => void }) {
  const today = isoDay(new Date());
  const [search, setSearch] = useState('');
  const [patientId, setPatientId] = useState('');
  const [doctorId, setDoctorId] = useState('');
  const [typeId, setTypeId] = useState('');
  const [day, setDay] = useState(today);
  const [slotId, setSlotId] = useState('');
  const [held, setHeld] = useState<(HoldResponse & { when: string }) | null>(null);
  const [outcome, setOutcome] = useState<'paid' | 'online' | null>(null);
  const [payError, setPayError] = useState('');
  const [paidOrder, setPaidOrder] = useState('');

  const patients = useGetPatientsQuery('');
  const [adding, setAdding] = useState(false);
  const doctors = useGetDoctorsQuery();
  const types = useGetVisitTypesQuery(doctorId || skipToken);
  const bookable = (types.data ?? []).filter((v) => !v.archived);
  const type = bookable.find((v) => v.id === typeId);
  // a doctor with visit types is booked by type (its length and price); one without, by the 30-minute slot
  const typeReady = !!doctorId && types.isSuccess && (bookable.length === 0 || !!type);
  const slots = useGetFreeSlotsQuery(typeReady && day ? { doctorId, date: day, visitTypeId: type?.id } : skipToken);
  const [hold, holding] = useHoldForPatientMutation();

  const trimmed = search.trim();
  const people = useMemo(() => (patients.data ?? []).map((p) => ({ ...p, name: `${p.name} ${p.surname}` })), [patients.data]);
  const found = useMemo(() => (trimmed.length >= 2 ? people.filter((p) => matchesPerson(trimmed, p) || samePhone(trimmed, p.phone)) : []), [people, trimmed]);
  const patient = people.find((p) => p.id === patientId);
  const slot = slots.data?.find((s) => s.id === slotId);
  const titleId = 'front-desk-book-title';

  const submit = async () => {
    if (!patient || !slot) return;
    try {
      const res = await hold({ patientId: patient.id, doctorId, availabilityId: slot.id, visitTypeId: type?.id }).unwrap();
      setHeld({ ...res, when: `${dayLong(day)} alle ${slot.hour}` });
    } catch {
      /* shown below */
    }
  };
  const restart = () => (setHeld(null), setOutcome(null), setSlotId(''), setPatientId(''), setSearch(''), setPayError(''), holding.reset());

  return (
    <>
      {adding && (
        <NewPatientDialog onClose={() => setAdding(false)} onCreated={(created) => (setAdding(false), setSearch(created.name), setPatientId(created.id))} />
      )}
      <Modal show={!adding} onHide={onClose} aria-labelledby={titleId} fullscreen="sm-down">
        <Modal.Header closeButton closeLabel={t.close}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t.book}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {held && patient ? (
            <>
              <Alert variant="success" role="status">
                {t.held(patient.name, held.when, localClock(held.expiresAt))}
              </Alert>
              {outcome === 'paid' && (
                <Alert variant="success" role="status">
                  {t.paid}{' '}
                  {paidOrder && (
                    <a href={`/api/orders/${encodeURIComponent(paidOrder)}/receipt.pdf`} target="_blank" rel="noreferrer">
                      {it.agenda.receiptPdf}
                    </a>
                  )}
                </Alert>
              )}
              {outcome === 'online' && (
                <Alert variant="info" role="status">
                  {t.payOnlineDone(patient.name, localClock(held.expiresAt))}
                </Alert>
              )}
              {!outcome && (
                <section aria-labelledby="front-desk-pay">
                  <h3 id="front-desk-pay" className="h6">
                    {t.payChoice}
                  </h3>
                  <p className="mb-2">{it.frontDesk.deskPayment}</p>
                  <DeskPayment
                    bookingId={held.id}
                    doctorId={doctorId}
                    initialCents={held.priceCents ?? type?.priceCents}
                    onError={setPayError}
                    onPaid={(orderId) => (setPaidOrder(orderId), setOutcome('paid'))}
                  />
                  {payError && (
                    <Alert variant="danger" role="alert" className="mt-2 mb-0">
                      {payError}
                    </Alert>
                  )}
                  <div className="mt-3">
                    <Button variant="outline-primary" onClick={() => setOutcome('online')}>
                      {t.payOnline}
                    </Button>
                  </div>
                </section>
              )}
            </>
          ) : (
            <>
              <p className="small text-body-secondary">{t.bookIntro}</p>
              <fieldset className="mb-3">
                <legend className="form-label fs-6 fw-semibold">{t.patientLegend}</legend>
                <Form.Group controlId="front-desk-search">
                  <Form.Label>{it.patientSearch.label}</Form.Label>
                  <Form.Control
                    type="search"
                    value={search}
                    autoComplete="off"
                    aria-describedby="front-desk-search-hint"
                    onChange={(e) => (setSearch(e.target.value), setPatientId(''))}
                  />
                  <Form.Text id="front-desk-search-hint">{it.patientSearch.hint}</Form.Text>
                </Form.Group>
                <QuerySection query={patients} loadingLabel={it.diet.patientsLoading} errorText={it.diet.patientsError} retry={false} />
                <p role="status" className="small mt-2 mb-1">
                  {trimmed.length < 2
                    ? t.searchFirst
                    : found.length === 0
                      ? it.patientSearch.none
                      : it.patientSearch.found(found.length, patients.data?.length ?? 0)}
                </p>
                {found.slice(0, SHOWN).map((p) => (
                  <Form.Check
                    key={p.id}
                    type="radio"
                    name="front-desk-patient"
                    id={`front-desk-patient-${p.id}`}
                    checked={patientId === p.id}
                    onChange={() => setPatientId(p.id)}
                    label={
                      <>
                        {p.name}
                        <span className="d-block small text-body-secondary">{t.patientDetails(p.birthDate && formatDay(p.birthDate), p.phone || null)}</span>
                      </>
                    }
                  />
                ))}
                {found.length > SHOWN && <p className="small mb-0">{t.moreFound(found.length - SHOWN)}</p>}
                <Button variant="outline-primary" size="sm" className="mt-2" onClick={() => setAdding(true)}>
                  {it.patients.newPatient}
                </Button>
              </fieldset>
              <DoctorPicker
                id="front-desk-doctor"
                className="mb-3"
                label={t.doctor}
                placeholder={t.chooseDoctor}
                doctors={doctors.data}
                value={doctorId}
                onChange={(id) => (setDoctorId(id), setTypeId(''), setSlotId(''))}
              />
              {bookable.length > 0 && (
                <Form.Group controlId="front-desk-type" className="mb-3">
                  <Form.Label>{t.visitType}</Form.Label>
                  <Form.Select value={typeId} onChange={(e) => (setTypeId(e.target.value), setSlotId(''))}>
                    <option value="">—</option>
                    {bookable.map((v) => (
                      <option key={v.id} value={v.id}>
                        {t.visitTypeOption(v.name, v.minutes, formatEuro(v.priceCents))}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              )}
              <div className="row g-2">
                <Form.Group controlId="front-desk-day" className="col-sm-6">
                  <Form.Label>{t.day}</Form.Label>
                  <Form.Control type="date" min={today} value={day} onChange={(e) => (setDay(e.target.value), setSlotId(''))} />
                </Form.Group>
                <Form.Group controlId="front-desk-time" className="col-sm-6">
                  <Form.Label>{t.time}</Form.Label>
                  <Form.Select value={slotId} disabled={!slots.data?.length} onChange={(e) => setSlotId(e.target.value)}>
                    <option value="">{t.chooseTime}</option>
                    {slots.data?.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.hour}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </div>
              {slots.isFetching && <Loading label={t.loadingTimes} />}
              {slots.isSuccess && slots.data.length === 0 && (
                <Alert variant="info" className="mt-2 mb-0">
                  {t.noTimes}
                </Alert>
              )}
              {holding.isError && (
                <Alert variant="danger" role="alert" className="mt-3 mb-0">
                  {errorMessage(holding.error, it.agenda.actionFailed)}
                </Alert>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          {held ? (
            <>
              <Button variant="outline-secondary" onClick={restart}>
                {t.bookAnother}
              </Button>
              <Button variant="secondary" onClick={onClose}>
                {t.close}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline-secondary" onClick={onClose}>
                {t.close}
              </Button>
              <Button disabled={!patient || !slot || holding.isLoading} onClick={() => void submit()}>
                {t.hold}
              </Button>
            </>
          )}
        </Modal.Footer>
      </Modal>
    </>
  );
}
