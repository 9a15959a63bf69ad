import { bookingStreamName, conversationStreamName, notificationStreamName, phoneMessageStreamName } from '@studio/contracts';
import { registerPatients } from '../../../testing/patients';
import { SMS_WEBHOOK, WHATSAPP_WEBHOOK, textRepliesSuite } from '../../../testing/text-replies';

const suite = textRepliesSuite({
  now: '2030-03-04T06:00:00.000Z',
  sms: true,
  reminders: { channels: ['whatsapp', 'sms', 'email'], hoursBefore: [48, 24], quietHours: { from: '21:00', to: '08:00' } },
});

describe('answers by reply', () => {
  it('books, gets the confirmation and the 24-hour reminder on WhatsApp, answers "2" before the cut-off: cancelled, refunded, the slot offered by SMS to the next on the waiting list', async () => {
    const { app, clock, meta, twilio, medico1, settle, bookAndPay, consent, types } = suite;
    // Monday 4 March, 10:00 in Rome (out of the quiet hours)
    clock.set('2030-03-04T09:00:00.000Z');
    const [booker, waiter] = await registerPatients(app, 2, 'risposte');
    await consent(booker, { sms: false, whatsapp: true }, '333 111 2222');
    await consent(waiter, { sms: true, whatsapp: false }, '333 333 4444');
    await waiter.agent
      .post('/api/waiting-list')
      .set('X-CSRF-Token', waiter.csrf)
      .send({ doctor_id: medico1, from: '2030-03-07', to: '2030-03-07' })
      .expect(201);
    // Thursday 7 March at 10:00 in Rome (09:00Z)
    const bookingId = await bookAndPay(booker, '2030-03-07T10:00:00Z');
    await settle();
    const toBooker = () => meta.messages.filter((m) => m.to === '393331112222');
    expect(toBooker().map((m) => m.template?.name)).toEqual(['conferma_prenotazione']);
    clock.set('2030-03-05T09:00:00.000Z');
    await settle();
    clock.set('2030-03-06T09:00:00.000Z');
    await settle();
    expect(toBooker().map((m) => m.template?.name)).toEqual(['conferma_prenotazione', 'promemoria_visita', 'promemoria_visita']);
    await meta.flushWebhooks(WHATSAPP_WEBHOOK);

    const { status, id } = await meta.reply(WHATSAPP_WEBHOOK, '+393331112222', '2');
    expect(status).toBe(200);
    await settle();
    const cancelled = (await app.core.eventStore.readStream(bookingStreamName(bookingId))).find((e) => e.type === 'BookingCancelled');
    expect(cancelled?.data).toMatchObject({ by: 'patient', refund: 'full' });
    expect((await app.core.eventStore.readStream(phoneMessageStreamName('meta', id))).at(-1)?.data).toMatchObject({ answer: 'cancelled', bookingId });
    // the reply replayed: refused; the same message in another delivery: accepted; cancelled once and told once
    const told = toBooker().length;
    expect(await meta.replayLast()).toBe(403);
    const other = meta.signed({
      object: 'whatsapp_business_account',
      entry: [{ id: 'W', changes: [{ field: 'messages', value: { messages: [{ from: '393331112222', id, type: 'text', text: { body: '2' } }] } }] }],
    });
    const redelivered = await fetch(`${app.url}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': other.signature },
      body: other.raw,
    });
    expect(redelivered.status).toBe(200);
    await settle();
    expect(await types(phoneMessageStreamName('meta', id))).toEqual(['PhoneReplyReceived', 'PhoneReplyAnswered', 'PhoneReportRepeated']);
    expect((await types(bookingStreamName(bookingId))).filter((t) => t === 'BookingCancelled')).toHaveLength(1);
    expect(toBooker()).toHaveLength(told);
    // told on WhatsApp, inside the window the reply opened: free text
    expect(toBooker().at(-1)).toMatchObject({ type: 'text', body: expect.stringContaining("disdetta. Ti rimborsiamo l'intero pagamento.") });
    // the waiting list's offer, by SMS to the next patient
    const offer = twilio.messages.find((m) => m.to === '+393333334444');
    expect(offer?.body).toMatch(/^Studio Rossi: si è liberato un posto, visita con .* gio 07\/03 ore 10:00/);
  });

  it('confirms by "SI", forwards anything else to the segreteria, opts out by STOP; a reply delivered twice is answered once', async () => {
    const { app, clock, twilio, doctor, medico1, settle, bookAndPay, consent, types } = suite;
    const [patient] = await registerPatients(app, 1, 'conferma');
    await consent(patient, { sms: true, whatsapp: false }, '+39 333 555 6666');
    clock.set('2030-03-06T10:00:00.000Z');
    const bookingId = await bookAndPay(patient, '2030-03-08T11:00:00Z');
    await settle();
    const toPatient = () => twilio.messages.filter((m) => m.to === '+393335556666');
    expect(toPatient().map((m) => m.body)).toEqual([expect.stringContaining('prenotata visita')]);

    const yes = await twilio.reply(SMS_WEBHOOK, '+393335556666', 'Sì');
    await settle();
    expect((await app.core.eventStore.readStream(phoneMessageStreamName('twilio', yes.sid))).at(-1)?.data).toMatchObject({ answer: 'confirmed', bookingId });
    expect(toPatient().at(-1)?.body).toContain('confermata');
    const agenda = (await doctor.agent.get(`/api/doctors/${medico1}/agenda?from=2030-03-08&to=2030-03-08`).expect(200)).body as {
      id: string;
      confirmedByPatient?: true;
    }[];
    expect(agenda.find((a) => a.id === bookingId)).toMatchObject({ confirmedByPatient: true });

    const other = await twilio.reply(SMS_WEBHOOK, '+393335556666', 'Arrivo con 10 minuti di ritardo');
    await settle();
    expect(await types(conversationStreamName(patient.id))).toContain('MessageSent');
    expect(toPatient().at(-1)?.body).toContain('lo abbiamo passato alla segreteria');
    const sent = toPatient().length;
    // the same signed message again (a replay): refused, no second answer
    expect(await twilio.replayLast()).toBe(403);
    await settle();
    expect(toPatient()).toHaveLength(sent);
    expect((await types(conversationStreamName(patient.id))).filter((t) => t === 'MessageSent')).toHaveLength(1);

    await twilio.reply(SMS_WEBHOOK, '+393335556666', 'STOP');
    await settle();
    expect((await patient.agent.get('/api/me/contact-preferences').expect(200)).body.channels.sms).toBe(false);
    expect(await types(notificationStreamName(`text-answer-twilio-${other.sid}`))).toContain('NotificationSent');
  });
});
