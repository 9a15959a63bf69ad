import { renderMessage, type Decided } from './messages';

/** the reminder's advice by the policy when it leaves; the cancellation email by who cancelled */
const base = {
  notificationId: 'n',
  recipientId: 'p1',
  patientId: 'p1',
  doctorId: 'd1',
  bookingId: 'b1',
  start: '2026-10-27T09:00:00Z',
  end: '2026-10-27T09:30:00Z',
  sequence: 0,
  dueAt: '2026-10-26T08:00:00.000Z',
  recipientRole: 'patient',
} as const;
const ctx = {
  recipient: { email: 'paziente@example.it', name: 'Anna Verdi' },
  patientName: 'Anna Verdi',
  doctorName: 'Giulia Rossi',
  practiceName: 'Studio Rossi',
  publicUrl: 'https://studio.example.it',
  timeZone: 'Europe/Rome',
  from: { name: 'Studio Rossi', email: 'noreply@studio.example.it' },
  now: new Date('2026-10-25T10:00:00Z'),
};
const n = (kind: Decided['kind'], over: Partial<Decided> = {}) => ({ ...base, kind, ...over }) as unknown as Decided;

describe('the reminder advises what the policy then allows', () => {
  test('before the cut-off: cancel or move with a full refund until the cut-off, at the practice clock', () => {
    const text = renderMessage(n('reminder'), { ...ctx, policy: { beforeCutoff: true, cutoffAt: '2026-10-26T08:00:00.000Z' } }).text;
    // 26 Oct 08:00Z is 09:00 in Rome (CET, after the October change)
    expect(text).toContain('puoi disdire o spostare la visita con rimborso completo fino al 26 ottobre alle ore 09:00');
  });
  test('at or after the cut-off: the refund deadline has passed; no "per tempo"', () => {
    const text = renderMessage(n('reminder'), { ...ctx, policy: { beforeCutoff: false, cutoffAt: '2026-10-26T08:00:00.000Z' } }).text;
    expect(text).toContain('Il termine per disdire con rimborso è scaduto');
    expect(text).not.toContain('per tempo');
  });
});

describe('the cancellation email says who cancelled, why and the refund', () => {
  const cancelled = (cancellation: NonNullable<Parameters<typeof renderMessage>[1]['cancellation']>, role: 'patient' | 'doctor' = 'patient') =>
    renderMessage(n('booking_cancelled', { recipientRole: role }), { ...ctx, cancellation }).text.replace(/\u00a0/g, ' ');
  test('by the patient after the cut-off: no refund, said so', () => {
    const text = cancelled({ by: 'patient', reason: null, refundCents: null });
    expect(text).toContain('La visita è stata disdetta da te.');
    expect(text).toContain('il pagamento non viene rimborsato');
  });
  test('by the front desk with a reason, refunded', () => {
    const text = cancelled({ by: 'admin', reason: 'Studio chiuso per neve', refundCents: 8200 });
    expect(text).toContain('La visita è stata disdetta dalla segreteria.');
    expect(text).toContain('Motivo: Studio chiuso per neve');
    expect(text).toContain('Ti rimborsiamo l’intero pagamento: 82,00 €');
  });
  test("the doctor's copy names the patient as who cancelled, and no refund line", () => {
    const text = cancelled({ by: 'patient', reason: null, refundCents: 8200 }, 'doctor');
    expect(text).toContain('La visita è stata disdetta dal paziente.');
    expect(text).not.toContain('rimborsiamo');
  });
});

describe('a visit at one of the practice’s locations says where', () => {
  const place = 'Sede nord, Viale Monza 200, Milano';
  test('the confirmation, the move and the reminder name the location and its address', () => {
    for (const kind of ['booking_confirmed', 'booking_rescheduled', 'reminder'] as const) {
      expect(renderMessage(n(kind), { ...ctx, visitPlace: place }).text).toContain(`Dove: ${place}.`);
    }
  });
  test('no location (one address), or an online visit: no such line', () => {
    expect(renderMessage(n('booking_confirmed'), ctx).text).not.toContain('Dove:');
    expect(renderMessage(n('booking_confirmed'), { ...ctx, visitPlace: place, videoUrl: 'https://video.example.it/b1' }).text).not.toContain('Dove:');
  });
});
