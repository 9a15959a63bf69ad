import { bookingStreamName, notificationStreamName, type EventMetadata } from '@studio/contracts';
import type { ParsedMail } from 'mailparser';
import * as nodeIcal from 'node-ical';
import { settle as settleApp } from '../../../testing/settle';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import { client, ManualClock, startTestApp, type TestApp } from '../../../testing/test-app';

const clock = new ManualClock(new Date('2026-10-01T10:00:00.000Z'));
let app: TestApp;
let smtp: TestSmtp;
let patient: string;
let doctor: string;

const meta = (): EventMetadata => ({ userId: 'system', role: 'system', at: clock.now().toISOString(), correlationId: 'c', causationId: 'c' });
const append = (bookingId: string, type: string, data: object) =>
  app.core.eventStore.append(bookingStreamName(bookingId), [{ type, data, metadata: meta() }], { expectedRevision: 'any' });

async function book(bookingId: string, start: string, end: string) {
  await append(bookingId, 'BookingHeld', {
    bookingId,
    patientId: patient,
    doctorId: doctor,
    slotId: `${doctor}_${start}`,
    start,
    end,
    expiresAt: '2026-10-01T10:15:00.000Z',
  });
  await append(bookingId, 'BookingConfirmed', { bookingId, orderId: `o-${bookingId}` });
}
const cancel = (bookingId: string, start: string, end: string) =>
  append(bookingId, 'BookingCancelled', {
    bookingId,
    patientId: patient,
    doctorId: doctor,
    slotId: `${doctor}_${start}`,
    start,
    end,
    by: 'patient',
    reason: null,
    refund: 'full',
    at: clock.now().toISOString(),
  });

const ics = (mail: ParsedMail) => {
  const file = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
  const text = file!.content.toString('utf8');
  return { text, event: Object.values(nodeIcal.sync.parseICS(text)).find((c) => c.type === 'VEVENT') as nodeIcal.VEvent };
};
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0].address;
/** lets the reactor and the worker finish what they are doing */
const settle = () => settleApp(app);

beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Studio Rossi <noreply@studio.example.it>',
      PRACTICE_NAME: 'Studio Rossi',
      NOTIFY_POLL_MS: '0',
      HOLD_SWEEP_SECONDS: '0',
      PUBLIC_URL: 'https://prenota.studio.example.it',
    },
    new Date('2026-10-01T06:00:00Z'),
    clock,
  );
  patient = app.ids['paziente1@example.it'];
  doctor = app.ids['medico1@example.it'];
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('notifications over SMTP (real smtp-server on loopback, parsed with mailparser)', () => {
  it('confirmed, moved, reminded, cancelled: each message once, the .ics with one UID, the reminder of the old time dropped', async () => {
    await book('b1', '2026-10-26T09:00:00Z', '2026-10-26T09:30:00Z');
    const [d, p] = [...(await smtp.waitFor(2))].sort((a, b) => to(a)!.localeCompare(to(b)!));
    expect([to(d), to(p)]).toEqual(['medico1@example.it', 'paziente1@example.it']);
    expect(p.subject).toBe('Prenotazione confermata: lunedì 26 ottobre 2026 alle 09:00');
    // the Message-ID of PUBLIC_URL's domain; a machine's message (RFC 3834); the signature separator "-- "
    expect(p.messageId).toBe('<booking_confirmed-b1-0-patient@prenota.studio.example.it>');
    expect(p.headers.get('auto-submitted')).toBe('auto-generated');
    expect(p.text).toContain('\n-- \nStudio Rossi - messaggio di servizio');
    expect(p.html).toContain('Gentile');
    const confirmedIcs = ics(p);
    expect(confirmedIcs.text).toContain('METHOD:REQUEST');
    expect(confirmedIcs.event.start.toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(d.text).toContain('La visita con Luca Verdi');
    expect(p.text).toContain('La visita con Giulia Rossi');

    clock.set('2026-10-02T10:00:00.000Z');
    await append('b1', 'BookingRescheduled', {
      bookingId: 'b1',
      patientId: patient,
      doctorId: doctor,
      fromSlotId: 'x',
      fromStart: '2026-10-26T09:00:00Z',
      fromEnd: '2026-10-26T09:30:00Z',
      slotId: 'y',
      start: '2026-10-27T09:00:00Z',
      end: '2026-10-27T09:30:00Z',
      sequence: 1,
      by: 'patient',
      at: clock.now().toISOString(),
    });
    const moved = (await smtp.waitFor(4)).slice(2);
    expect(moved.map((m) => m.subject)).toEqual([
      'Prenotazione spostata: martedì 27 ottobre 2026 alle 09:00',
      'Prenotazione spostata: martedì 27 ottobre 2026 alle 09:00',
    ]);
    const movedIcs = ics(moved[0]);
    expect(movedIcs.event.uid).toBe(confirmedIcs.event.uid);
    expect(movedIcs.text).toMatch(/SEQUENCE:1\r?\n/);

    // past the first reminder's due time (25 Oct, 08:00Z): it is dropped, the visit was moved
    clock.set('2026-10-25T12:00:00.000Z');
    await settle();
    expect(smtp.received).toHaveLength(4);
    const [oldReminder] = await app.core.eventStore.readStream(notificationStreamName('reminder-b1-0-patient'), { direction: 'backwards', maxCount: 1 });
    expect(oldReminder.type).toBe('NotificationCancelled');

    // 24 hours before the new time
    clock.set('2026-10-26T08:00:00.000Z');
    await settle();
    const reminder = (await smtp.waitFor(5))[4];
    expect(reminder.subject).toBe('Promemoria: visita martedì 27 ottobre 2026 alle 09:00');
    expect(to(reminder)).toBe('paziente1@example.it');
    // a reminder is not a new invitation: no calendar part
    expect(reminder.attachments.filter((a) => a.contentType.startsWith('text/calendar'))).toEqual([]);
    // it leaves exactly at the default cut-off (24 h): its advice says the refund deadline has passed, not "per tempo"
    expect(reminder.text).toContain('Il termine per disdire con rimborso è scaduto');
    expect(reminder.text).not.toContain('per tempo');

    await cancel('b1', '2026-10-27T09:00:00Z', '2026-10-27T09:30:00Z');
    const cancelled = (await smtp.waitFor(7)).slice(5);
    const cancelIcs = ics(cancelled[0]);
    expect(cancelIcs.text).toContain('METHOD:CANCEL');
    expect(cancelIcs.event.uid).toBe(confirmedIcs.event.uid);
    expect(cancelIcs.text).toMatch(/SEQUENCE:2\r?\n/);
    await settle();
    expect(smtp.received).toHaveLength(7);
  });

  it('a visit cancelled before its reminder gets none', async () => {
    clock.set('2026-11-01T10:00:00.000Z');
    const before = smtp.received.length;
    await book('b2', '2026-11-10T10:00:00Z', '2026-11-10T10:30:00Z');
    await smtp.waitFor(before + 2);
    await cancel('b2', '2026-11-10T10:00:00Z', '2026-11-10T10:30:00Z');
    await smtp.waitFor(before + 4);
    clock.set('2026-11-10T09:59:00.000Z');
    await settle();
    expect(smtp.received).toHaveLength(before + 4);
    expect(smtp.received.slice(before).map((m) => m.subject?.split(':')[0])).toEqual([
      'Prenotazione confermata',
      'Prenotazione confermata',
      'Prenotazione annullata',
      'Prenotazione annullata',
    ]);
  });

  it('an SMTP refusal is retried with backoff, logged without the credentials of SMTP_URL, never lost', async () => {
    clock.set('2026-11-02T10:00:00.000Z');
    const before = smtp.received.length;
    smtp.refuseNext(2);
    await book('b3', '2026-11-12T10:00:00Z', '2026-11-12T10:30:00Z');
    await settle();
    expect(smtp.received).toHaveLength(before);
    const failed = (await app.core.eventStore.readStream(notificationStreamName('booking_confirmed-b3-0-patient')))
      .concat(await app.core.eventStore.readStream(notificationStreamName('booking_confirmed-b3-0-doctor')))
      .filter((e) => e.type === 'NotificationFailed');
    expect(failed).toHaveLength(2);
    expect(JSON.stringify(failed)).not.toContain('segreto');
    expect(failed[0].data.retryAt).toBe('2026-11-02T10:00:30.000Z');
    clock.set('2026-11-02T10:00:30.000Z');
    await settle();
    await smtp.waitFor(before + 2);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(smtp.received.length);
  });

  it('a receipt issued: the patient is told it is available, with its number, and nobody else', async () => {
    clock.set('2026-11-03T10:00:00.000Z');
    const before = smtp.received.length;
    await app.core.eventStore.append(
      `receipts-${doctor}-2026`,
      [
        {
          type: 'ReceiptIssued',
          // the whole event, as the receipts workflow appends it (the read side checks it against the catalogue)
          data: {
            receiptId: 'r-7',
            doctorId: doctor,
            year: 2026,
            number: 7,
            orderId: 'o-b1',
            bookingId: 'b1',
            patientId: patient,
            issuedAt: clock.now().toISOString(),
            totalCents: 8000,
            amountCents: 8000,
            stampDutyCents: 200,
            stampDutyCharged: false,
            regime: 'forfettario',
            stsOpposition: false,
            paymentMethod: 'paypal',
            transactionId: 'o-b1',
            captureId: 'c-b1',
            paidAt: clock.now().toISOString(),
            visitStart: '2030-03-05T09:00:00Z',
            productName: 'Prima visita',
            issuer: await app.core.personalData.seal(doctor, { registeredName: 'Dott.ssa Anna Rossi' }),
            patient: await app.core.personalData.seal(patient, { name: 'Luca', surname: 'Verdi' }),
          },
          metadata: meta(),
        },
      ],
      { expectedRevision: 'any' },
    );
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(to(mail)).toBe('paziente1@example.it');
    expect(mail.subject).toBe('Ricevuta n. 7/2026 disponibile');
    expect(mail.attachments).toHaveLength(0);
    await settle();
    expect(smtp.received).toHaveLength(before + 1);
  });

  it('/api/posta is not there with SMTP_URL; admin only', async () => {
    const admin = await client(app, 'admin@example.it');
    await admin.agent.get('/api/posta').expect(403);
    const p = await client(app, 'paziente1@example.it');
    await p.agent.get('/api/posta').expect(403);
  });
});

describe('the practice as set in /impostazioni signs the messages', () => {
  it('a name changed by the administrator is in the next message (sender, footer, calendar file), with no restart', async () => {
    const admin = await client(app, 'admin@example.it');
    const details = { name: 'Studio Bianchi & Rossi', address: 'Via Po 2, Torino', phone: '', email: '', dataController: 'Studio Bianchi & Rossi' };
    await admin.agent.put('/api/settings/practice').set('X-CSRF-Token', admin.csrf).send(details).expect(200);
    const before = smtp.received.length;
    await book('b-impostazioni', '2026-10-28T09:00:00Z', '2026-10-28T09:30:00Z');
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const p = mails.find((m) => to(m) === 'paziente1@example.it')!;
    expect(p.from?.value[0]).toEqual({ name: 'Studio Bianchi & Rossi', address: 'noreply@studio.example.it' });
    expect(p.text).toContain('Studio Bianchi & Rossi - messaggio di servizio');
    // the practice's place: its name and address
    expect(ics(p).event.location).toBe('Studio Bianchi & Rossi, Via Po 2, Torino');
  });
});

describe('calendar parts as RFC 5546 asks, and the cancellation told in full', () => {
  it("REQUEST and CANCEL name the recipient as ATTENDEE and the practice's real address as ORGANIZER; a doctor's cancellation says who, why and the refund", async () => {
    const admin = await client(app, 'admin@example.it');
    const details = { name: 'Studio Rossi', address: 'Via Po 2, Torino', phone: '', email: 'segreteria@studio.example.it', dataController: 'Studio Rossi' };
    await admin.agent.put('/api/settings/practice').set('X-CSRF-Token', admin.csrf).send(details).expect(200);
    const before = smtp.received.length;
    await book('b-rfc', '2026-11-10T09:00:00Z', '2026-11-10T10:00:00Z');
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const p = mails.find((m) => to(m) === 'paziente1@example.it')!;
    const d = mails.find((m) => to(m) === 'medico1@example.it')!;
    for (const [mail, address] of [
      [p, 'paziente1@example.it'],
      [d, 'medico1@example.it'],
    ] as const) {
      const { text } = ics(mail);
      const unfolded = text.replace(/\r\n[ \t]/g, '');
      // RFC 5546 §3.2.2: a REQUEST has its ORGANIZER and at least one ATTENDEE
      expect(unfolded).toMatch(/ORGANIZER;CN="?Studio Rossi"?:mailto:segreteria@studio\.example\.it/);
      expect(unfolded).toMatch(new RegExp(`ATTENDEE;[^\\r\\n]*:mailto:${address.replace('.', '\\.')}`, 'i'));
      expect(unfolded).toContain('RSVP=TRUE');
      expect(unfolded).not.toContain('noreply@');
    }
    // the sender stays the sending address
    expect(p.from?.value[0].address).toBe('noreply@studio.example.it');

    // the doctor cancels, with a reason; the order's refund of 90,00 €
    await app.core.eventStore.append(
      'order-o-b-rfc',
      [
        {
          type: 'PaymentRefunded',
          data: { orderId: 'o-b-rfc', captureId: 'c', refundId: 'r', status: 'COMPLETED', reason: 'disdetta', amountCents: 9000 },
          metadata: meta(),
        },
      ],
      { expectedRevision: 'any' },
    );
    await append('b-rfc', 'BookingCancelled', {
      bookingId: 'b-rfc',
      patientId: patient,
      doctorId: doctor,
      slotId: `${doctor}_2026-11-10T09:00:00Z`,
      start: '2026-11-10T09:00:00Z',
      end: '2026-11-10T10:00:00Z',
      by: 'doctor',
      reason: await app.core.personalData.seal(patient, 'Il medico è malato'),
      refund: 'full',
      at: clock.now().toISOString(),
    });
    const cancelled = (await smtp.waitFor(before + 4)).slice(before + 2);
    const pc = cancelled.find((m) => to(m) === 'paziente1@example.it')!;
    expect(pc.text).toContain('La visita è stata disdetta dal medico.');
    expect(pc.text).toContain('Motivo: Il medico è malato');
    expect(pc.text!.replace(/\u00a0/g, ' ')).toContain('Ti rimborsiamo l’intero pagamento: 90,00 €');
    const dc = cancelled.find((m) => to(m) === 'medico1@example.it')!;
    expect(dc.text).not.toContain('rimborsiamo');
    // RFC 5546 §3.2.5: a CANCEL of the whole event names its attendees
    const cancelIcs = ics(pc).text.replace(/\r\n[ \t]/g, '');
    expect(cancelIcs).toContain('METHOD:CANCEL');
    // §3.2.5: the whole event cancelled says so
    expect(cancelIcs).toContain('STATUS:CANCELLED');
    expect(cancelIcs).toMatch(/ATTENDEE;[^\r\n]*:mailto:paziente1@example\.it/i);
    expect(cancelIcs).toMatch(/ORGANIZER;[^\r\n]*:mailto:segreteria@studio\.example\.it/);
  });
});
