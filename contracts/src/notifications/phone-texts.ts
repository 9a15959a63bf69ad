import { gsmFriendly } from './rules/sms-segments';

/**
 * The texts sent by SMS and WhatsApp, in Italian, short enough for one SMS where possible: the practice, the doctor,
 * the day and hour, the place or the video link, and how to answer. Never anything clinical (no diagnosis, no diet).
 * Written with the catalogue's apostrophe and sent with the plain one (gsmFriendly), which keeps them in GSM-7.
 */
export type PhoneTextKind =
  | 'confirmation'
  | 'reminder'
  | 'confirmed_by_reply'
  | 'cancelled_by_reply'
  | 'cancelled_late_by_reply'
  | 'cancel_refused'
  | 'forwarded'
  | 'opted_out'
  | 'waiting_list_offer';

export interface PhoneTextInput {
  practiceName: string;
  doctorName: string;
  /** 'mar 05/03 ore 09:00' */
  when: string;
  /** the practice's address, or the video link of an online visit */
  place: string;
  /** a waiting-list offer: until when the slot is held ('ore 10:30') */
  until?: string;
}

const ANSWER = 'Rispondi 1 per confermare, 2 per disdire.';

export function phoneText(kind: PhoneTextKind, i: PhoneTextInput): string {
  const visit = `visita con ${i.doctorName} ${i.when}`;
  const where = i.place ? `, ${i.place}` : '';
  const text = {
    confirmation: `${i.practiceName}: prenotata ${visit}${where}. ${ANSWER}`,
    reminder: `${i.practiceName}: promemoria ${visit}${where}. ${ANSWER}`,
    confirmed_by_reply: `${i.practiceName}: grazie, ${visit} confermata.`,
    cancelled_by_reply: `${i.practiceName}: ${visit} disdetta. Ti rimborsiamo l’intero pagamento.`,
    cancelled_late_by_reply: `${i.practiceName}: ${visit} disdetta. Disdetta oltre il termine: il pagamento non è rimborsato.`,
    cancel_refused: `${i.practiceName}: non è stato possibile disdire la ${visit}. Contatta la segreteria.`,
    forwarded: `${i.practiceName}: abbiamo ricevuto il tuo messaggio e lo abbiamo passato alla segreteria.`,
    opted_out: `${i.practiceName}: non riceverai più messaggi su questo canale. Puoi riattivarli dal tuo profilo.`,
    waiting_list_offer: `${i.practiceName}: si è liberato un posto, ${visit}${where}. Tenuto per te fino alle ${i.until ?? ''}: prenota dal sito.`,
  }[kind];
  return gsmFriendly(text);
}

/** a visit's day and hour as the texts write it, from a slot's wall clock ('…T09:00:00Z' = 09:00 at the practice) */
export function phoneWhen(wallClock: string): string {
  const d = new Date(wallClock);
  const day = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'numeric' }).format(d);
  return `${day} ore ${wallClock.slice(11, 16)}`;
}

/** about what one SMS part costs to Italy (an estimate for the settings page; the provider's invoice is the figure) */
export const SMS_SEGMENT_ESTIMATE_CENTS = 8;
