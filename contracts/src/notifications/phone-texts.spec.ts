import { phoneText, phoneWhen } from './phone-texts';
import { smsSegments } from './rules/sms-segments';

const visit = { practiceName: 'Studio Medico Rossi', doctorName: 'Dott.ssa Bianchi', when: phoneWhen('2030-03-05T09:00:00Z'), place: 'Via Roma 1, Milano' };

describe('texts by SMS and WhatsApp', () => {
  it('writes the day and hour as a phone shows them', () => {
    expect(phoneWhen('2030-03-05T09:00:00Z')).toBe('mar 05/03 ore 09:00');
  });
  it('says practice, doctor, day, hour, place and how to answer, in one GSM-7 SMS', () => {
    const text = phoneText('reminder', visit);
    expect(text).toBe(
      'Studio Medico Rossi: promemoria visita con Dott.ssa Bianchi mar 05/03 ore 09:00, Via Roma 1, Milano. Rispondi 1 per confermare, 2 per disdire.',
    );
    expect(smsSegments(text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments(phoneText('confirmation', visit))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
  it('tells the refund rule in the answer to a cancellation, with a plain apostrophe', () => {
    expect(phoneText('cancelled_by_reply', visit)).toContain("Ti rimborsiamo l'intero pagamento.");
    expect(phoneText('cancelled_late_by_reply', visit)).toContain('il pagamento non è rimborsato');
    expect(smsSegments(phoneText('cancelled_late_by_reply', visit))).toMatchObject({ encoding: 'GSM-7' });
  });
});
