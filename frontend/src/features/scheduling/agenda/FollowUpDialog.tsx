import { FOLLOW_UP_WEEKS, type AgendaItem } from '@studio/contracts';
import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { Loading } from '../../../components/ui/Loading';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { dayLong, utcClock, utcDay } from '../../../lib/dates';
import { useBookFollowUpMutation, useBookFollowUpSeriesMutation, useGetFollowUpSlotsQuery } from './agendaApi';

const t = it.agenda;

/**
 * "Prenota il controllo": the same visit type 2, 3 or 4 weeks after this visit; the staff pick a free start
 * and it is held for the patient, who pays it online or at the desk (then it is confirmed).
 */
export function FollowUpButton({
  item,
  doctorId,
  onDone,
  initiallyOpen = false,
}: {
  item: AgendaItem;
  doctorId: string;
  onDone: (message: string) => void;
  /** opened from the booking detail's "Prenota il controllo" (?followUp=<id>) */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const name = `${item.patient.name} ${item.patient.surname}`.trim();
  return (
    <>
      <Button variant="outline-primary" size="sm" aria-label={t.followUpFor(name)} onClick={() => setOpen(true)}>
        {t.followUp}
      </Button>
      {open && <FollowUpDialog item={item} doctorId={doctorId} name={name} onClose={() => setOpen(false)} onDone={(m) => (setOpen(false), onDone(m))} />}
    </>
  );
}

function FollowUpDialog({
  item,
  doctorId,
  name,
  onClose,
  onDone,
}: {
  item: AgendaItem;
  doctorId: string;
  name: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [mode, setMode] = useState<'single' | 'series'>('single');
  const [weeks, setWeeks] = useState(3);
  const [chosen, setChosen] = useState('');
  const slots = useGetFollowUpSlotsQuery({ bookingId: item.id, weeks }, { skip: mode !== 'single' });
  const [book, booking] = useBookFollowUpMutation();
  const [count, setCount] = useState(4);
  const [every, setEvery] = useState(3);
  const [method, setMethod] = useState<'cash' | 'card' | 'transfer'>('card');
  const [taxcode, setTaxcode] = useState('');
  const [bookSeries, seriesState] = useBookFollowUpSeriesMutation();
  const submitSeries = () =>
    void bookSeries({ bookingId: item.id, doctorId, count, everyWeeks: every, method, taxcode: taxcode.trim() || undefined }).catch(() => undefined);
  const titleId = `agenda-follow-up-${item.id}`;
  const submit = async () => {
    const slot = slots.data?.slots.find((s) => s.id === chosen);
    if (!slot || !slots.data) return;
    try {
      await book({ bookingId: item.id, doctorId, availabilityId: slot.id }).unwrap();
      onDone(t.followUpDone(`${dayLong(slots.data.day)} alle ${slot.hour}`));
    } catch {
      /* shown below */
    }
  };
  return (
    <Modal show onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={it.myBookings.close}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t.followUpTitle(name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-3">
          <fieldset>
            <legend className="form-label fs-6">{t.followUpMode}</legend>
            <Form.Check
              inline
              type="radio"
              id={`${titleId}-single`}
              name={`${titleId}-mode`}
              label={t.followUpSingle}
              checked={mode === 'single'}
              onChange={() => setMode('single')}
            />
            <Form.Check
              inline
              type="radio"
              id={`${titleId}-series`}
              name={`${titleId}-mode`}
              label={t.followUpSeries}
              checked={mode === 'series'}
              onChange={() => setMode('series')}
            />
          </fieldset>
        </Form.Group>
        {mode === 'single' ? (
          <>
            <Form.Group controlId={`${titleId}-weeks`} className="mb-3">
              <Form.Label>{t.followUpWeeks}</Form.Label>
              <Form.Select value={weeks} onChange={(e) => (setWeeks(Number(e.target.value)), setChosen(''))}>
                {FOLLOW_UP_WEEKS.map((w) => (
                  <option key={w} value={w}>
                    {t.followUpWeeksOption(w)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {slots.isFetching && <Loading label={t.followUpLoading} />}
            {slots.isError && (
              <Alert variant="danger" role="alert">
                {errorMessage(slots.error, t.actionFailed)}
              </Alert>
            )}
            {slots.data && !slots.isFetching && (
              <>
                <p className="mb-2">
                  {t.followUpDay(
                    dayLong(slots.data.day),
                    slots.data.visitType ? `${slots.data.visitType.name} (${slots.data.visitType.minutes} minuti)` : null,
                  )}
                </p>
                {slots.data.slots.length === 0 ? (
                  <Alert variant="info">{t.followUpNone}</Alert>
                ) : (
                  <Form.Group controlId={`${titleId}-time`}>
                    <Form.Label>{t.followUpTime}</Form.Label>
                    <Form.Select value={chosen} onChange={(e) => setChosen(e.target.value)}>
                      <option value="">—</option>
                      {slots.data.slots.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.hour}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                )}
              </>
            )}
            {booking.isError && (
              <Alert variant="danger" role="alert" className="mt-3 mb-0">
                {errorMessage(booking.error, t.actionFailed)}
              </Alert>
            )}
          </>
        ) : (
          <>
            <p className="small text-body-secondary">{t.seriesHint}</p>
            <div className="row g-2">
              <Form.Group controlId={`${titleId}-count`} className="col-6">
                <Form.Label>{t.seriesCount}</Form.Label>
                <Form.Control type="number" min={2} max={10} value={count} onChange={(e) => setCount(Number(e.target.value))} />
              </Form.Group>
              <Form.Group controlId={`${titleId}-every`} className="col-6">
                <Form.Label>{t.seriesEvery}</Form.Label>
                <Form.Control type="number" min={1} max={8} value={every} onChange={(e) => setEvery(Number(e.target.value))} />
              </Form.Group>
              <Form.Group controlId={`${titleId}-method`} className="col-6">
                <Form.Label>{t.seriesMethod}</Form.Label>
                <Form.Select value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
                  <option value="card">{t.deskMethods.card}</option>
                  <option value="cash">{t.deskMethods.cash}</option>
                  <option value="transfer">{t.deskMethods.transfer}</option>
                </Form.Select>
              </Form.Group>
              <Form.Group controlId={`${titleId}-taxcode`} className="col-6">
                <Form.Label>{t.seriesTaxcode}</Form.Label>
                <Form.Control maxLength={16} value={taxcode} onChange={(e) => setTaxcode(e.target.value)} />
              </Form.Group>
            </div>
            {seriesState.isError && (
              <Alert variant="danger" role="alert" className="mt-3 mb-0">
                {errorMessage(seriesState.error, t.actionFailed)}
              </Alert>
            )}
            {seriesState.data && (
              <Alert variant={seriesState.data.visits.some((v) => v.skipped) ? 'warning' : 'success'} role="status" className="mt-3 mb-0">
                <p className="mb-1">{t.seriesDone(seriesState.data.visits.filter((v) => v.bookingId).length, seriesState.data.visits.length)}</p>
                <ul className="mb-0">
                  {seriesState.data.visits.map((v) => {
                    const when = `${dayLong(utcDay(v.start))} ${utcClock(v.start)}`;
                    return <li key={v.index}>{v.skipped ? t.seriesSkipped(when, v.skipped) : t.seriesVisit(when)}</li>;
                  })}
                </ul>
              </Alert>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t.followUpBack}
        </Button>
        {mode === 'single' ? (
          <Button disabled={!chosen || booking.isLoading} onClick={() => void submit()}>
            {t.followUpConfirm}
          </Button>
        ) : (
          <Button disabled={seriesState.isLoading || seriesState.isSuccess || !(count >= 2 && count <= 10 && every >= 1 && every <= 8)} onClick={submitSeries}>
            {t.seriesConfirm}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
