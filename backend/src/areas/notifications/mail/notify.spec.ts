import * as nodeIcal from 'node-ical';
import { renderMessage, type Decided } from './messages';
import { decideNotifications, stillWanted, type BookingHistoryEvent } from './notify';
import { bookingUid } from '../../../platform/common/calendar-file';

const settings = { reminderHours: 24, timeZone: 'Europe/Rome' };
type Recorded<T extends BookingHistoryEvent['type']> = Extract<BookingHistoryEvent, { type: T }>;
const held = (start: string, end: string): Recorded<'BookingHeld'> => ({
  type: 'BookingHeld',
  data: { bookingId: 'b1', patientId: 'p1', doctorId: 'd1', slotId: `d1_${start}`, start, end, expiresAt: '2026-10-01T10:15:00.000Z' },
});
const confirmed: Recorded<'BookingConfirmed'> = { type: 'BookingConfirmed', data: { bookingId: 'b1', orderId: 'o1' } };
const moved = (sequence: number, start: string, end: string): Recorded<'BookingRescheduled'> => ({
  type: 'BookingRescheduled',
  data: {
    bookingId: 'b1',
    patientId: 'p1',
    doctorId: 'd1',
    fromSlotId: 'x',
    fromStart: 'x',
    fromEnd: 'x',
    slotId: `d1_${start}`,
    start,
    end,
    sequence,
    by: 'patient',
    at: '2026-10-02T10:00:00.000Z',
  },
});
const cancelled: Recorded<'BookingCancelled'> = {
  type: 'BookingCancelled',
  data: {
    bookingId: 'b1',
    patientId: 'p1',
    doctorId: 'd1',
    slotId: 's',
    start: 's',
    end: 'e',
    by: 'patient',
    reason: null,
    refund: 'full',
    at: '2026-10-03T10:00:00.000Z',
  },
};

// Monday after the October change (Sunday 25 Oct 2026, 03:00 CEST → 02:00 CET) and after the March one (Sunday 28 Mar 2027)
const OCTOBER = { start: '2026-10-26T09:00:00Z', end: '2026-10-26T09:30:00Z', instant: '2026-10-26T08:00:00.000Z', reminder: '2026-10-25T08:00:00.000Z' };
const MARCH = { start: '2027-03-29T09:00:00Z', end: '2027-03-29T09:30:00Z', instant: '2027-03-29T07:00:00.000Z', reminder: '2027-03-28T07:00:00.000Z' };

const decideConfirmed = (visit: { start: string; end: string }, at = '2026-10-01T10:00:00.000Z') =>
  decideNotifications({ type: 'BookingConfirmed', data: { bookingId: 'b1', orderId: 'o1' }, at, booking: [held(visit.start, visit.end), confirmed] }, settings);

const context = (n: Decided) => ({
  recipient: n.recipientRole === 'patient' ? { email: 'paziente@example.it', name: 'Anna Verdi' } : { email: 'medico@example.it', name: 'Giulia Rossi' },
  patientName: 'Anna Verdi',
  doctorName: 'Giulia Rossi',
  practiceName: 'Studio Rossi',
  publicUrl: 'https://studio.example.it',
  timeZone: 'Europe/Rome',
  from: { name: 'Studio Rossi', email: 'noreply@studio.example.it' },
  now: new Date('2026-10-01T10:00:00Z'),
});

function parseIcs(n: Decided) {
  const ics = renderMessage(n, context(n)).attachments[0].content;
  const parsed = nodeIcal.sync.parseICS(ics);
  const event = Object.values(parsed).find((c) => c.type === 'VEVENT') as nodeIcal.VEvent;
  return { ics, event };
}

describe('decideNotifications', () => {
  it("a confirmed booking: the patient and the doctor at once, the patient's reminder 24 real hours before the visit", () => {
    const decided = decideConfirmed(OCTOBER);
    expect(decided.map((d) => [d.kind, d.recipientId, d.dueAt])).toEqual([
      ['booking_confirmed', 'p1', '2026-10-01T10:00:00.000Z'],
      ['booking_confirmed', 'd1', '2026-10-01T10:00:00.000Z'],
      ['reminder', 'p1', OCTOBER.reminder],
    ]);
    // the same cause decides the same ids: the outbox appends them once
    expect(decideConfirmed(OCTOBER).map((d) => d.notificationId)).toEqual(decided.map((d) => d.notificationId));
  });

  it('the reminder across the March change fires at 09:00 CEST of the Sunday, 24 hours before 09:00 of the Monday', () => {
    expect(decideConfirmed(MARCH, '2027-03-01T10:00:00.000Z').find((d) => d.kind === 'reminder')?.dueAt).toBe(MARCH.reminder);
  });

  it('no reminder for a visit booked less than REMINDER_HOURS before it', () => {
    expect(decideConfirmed(OCTOBER, '2026-10-25T12:00:00.000Z').map((d) => d.kind)).toEqual(['booking_confirmed', 'booking_confirmed']);
  });

  it('a reschedule: a message with its sequence and a reminder of its own for the new time', () => {
    const newTime = { start: '2026-10-28T10:00:00Z', end: '2026-10-28T10:30:00Z' };
    const decided = decideNotifications(
      {
        type: 'BookingRescheduled',
        data: moved(1, newTime.start, newTime.end).data,
        at: '2026-10-02T10:00:00.000Z',
        booking: [held(OCTOBER.start, OCTOBER.end), confirmed, moved(1, newTime.start, newTime.end)],
      },
      settings,
    );
    expect(decided.map((d) => [d.kind, d.recipientRole, d.sequence, d.start])).toEqual([
      ['booking_rescheduled', 'patient', 1, newTime.start],
      ['booking_rescheduled', 'doctor', 1, newTime.start],
      ['reminder', 'patient', 1, newTime.start],
    ]);
    expect(decided[2].dueAt).toBe('2026-10-27T09:00:00.000Z');
  });

  it('a cancellation: both told, no reminder; the sequence goes past the last one', () => {
    const decided = decideNotifications(
      { type: 'BookingCancelled', data: cancelled.data, at: '2026-10-03T10:00:00.000Z', booking: [held(OCTOBER.start, OCTOBER.end), confirmed, cancelled] },
      settings,
    );
    expect(decided.map((d) => [d.kind, d.recipientRole, d.sequence])).toEqual([
      ['booking_cancelled', 'patient', 1],
      ['booking_cancelled', 'doctor', 1],
    ]);
  });

  it('the reminder of a cancelled visit, or of a visit moved since, is dropped when it comes due', () => {
    const reminder = decideConfirmed(OCTOBER).find((d) => d.kind === 'reminder')!;
    expect(stillWanted(reminder, [held(OCTOBER.start, OCTOBER.end), confirmed])).toBeNull();
    expect(stillWanted(reminder, [held(OCTOBER.start, OCTOBER.end), confirmed, cancelled])).toBe('visita annullata');
    expect(stillWanted(reminder, [held(OCTOBER.start, OCTOBER.end), confirmed, moved(1, MARCH.start, MARCH.end)])).toBe('visita spostata');
  });
});

describe('messages and calendar files', () => {
  it.each([
    ['October', OCTOBER],
    ['March', MARCH],
  ])('a 09:00 visit on the Monday after the %s change is 09:00 in the email and in the .ics (node-ical)', (_name, visit) => {
    const [toPatient] = decideConfirmed(visit, '2026-10-01T10:00:00.000Z');
    const message = renderMessage(toPatient, context(toPatient));
    expect(message.subject).toContain('alle 09:00');
    expect(message.text).toContain('alle 09:00');
    const { ics, event } = parseIcs(toPatient);
    expect(ics).toContain('METHOD:REQUEST');
    expect(event.start.toISOString()).toBe(visit.instant);
    expect(new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(event.start)).toBe('09:00');
    expect(event.end.getTime() - event.start.getTime()).toBe(30 * 60_000);
    expect(event.uid).toBe(bookingUid('b1'));
  });

  it('cancel and reschedule keep the UID; the cancel says METHOD:CANCEL, the move raises SEQUENCE', () => {
    const [cancel] = decideNotifications(
      { type: 'BookingCancelled', data: cancelled.data, at: '2026-10-03T10:00:00.000Z', booking: [held(OCTOBER.start, OCTOBER.end), confirmed, cancelled] },
      settings,
    );
    const c = parseIcs(cancel);
    expect(c.ics).toContain('METHOD:CANCEL');
    expect(c.ics).toContain('STATUS:CANCELLED');
    expect(c.event.uid).toBe(bookingUid('b1'));
    const [move] = decideNotifications(
      {
        type: 'BookingRescheduled',
        data: moved(2, MARCH.start, MARCH.end).data,
        at: '2026-10-02T10:00:00.000Z',
        booking: [held(OCTOBER.start, OCTOBER.end), confirmed, moved(2, MARCH.start, MARCH.end)],
      },
      settings,
    );
    const m = parseIcs(move);
    expect(m.event.uid).toBe(bookingUid('b1'));
    expect(m.ics).toMatch(/SEQUENCE:2\r?\n/);
    expect(m.event.start.toISOString()).toBe(MARCH.instant);
  });

  it("Italian, plain and HTML, with the practice in the footer; the doctor reads the patient's name, the patient the doctor's", () => {
    const [toPatient, toDoctor] = decideConfirmed(OCTOBER);
    const p = renderMessage(toPatient, context(toPatient));
    const d = renderMessage(toDoctor, context(toDoctor));
    expect(p.to).toBe('paziente@example.it');
    expect(p.subject).toBe('Prenotazione confermata: lunedì 26 ottobre 2026 alle 09:00');
    expect(p.text).toContain('Studio Rossi - messaggio di servizio');
    expect(p.html).toContain('<html lang="it">');
    expect(p.text).toContain('con Giulia Rossi');
    expect(d.to).toBe('medico@example.it');
    expect(d.text).toContain('con Anna Verdi');
  });

  it("the waiting-list offer says until when the slot is kept, in the practice's time", () => {
    const [offer] = decideNotifications(
      {
        type: 'WaitingListOfferMade',
        data: { entryId: 'e1', bookingId: 'b9', at: '2026-10-26T06:00:00.000Z' },
        at: '2026-10-26T06:00:00.000Z',
        offer: {
          entryId: 'e1',
          patientId: 'p1',
          doctorId: 'd1',
          slotId: 's',
          start: OCTOBER.start,
          end: OCTOBER.end,
          bookingId: 'b9',
          expiresAt: '2026-10-26T06:15:00.000Z',
          at: '2026-10-26T06:00:00.000Z',
        },
      },
      settings,
    );
    const m = renderMessage(offer, context(offer));
    expect(m.subject).toBe('Si è liberato un orario: lunedì 26 ottobre 2026 alle 09:00');
    expect(m.text).toContain('fino alle 07:15');
  });
});
