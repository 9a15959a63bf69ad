import { plural } from '../shared';
import { theDate } from '../theDate';

/** the patient's journey around a booking of a visit type: price, confirmation, video link, policy wording */
export const journey = {
  visitTypePrice: (name: string, minutes: number) => `Il prezzo è quello della visita prenotata: ${name} (${plural(minutes, 'minuto', 'minuti')}).`,
  confirmedTitle: 'Prenotazione confermata',
  confirmedLead: 'Il pagamento è andato a buon fine: ti aspettiamo.',
  what: 'Visita',
  when: 'Quando',
  duration: 'Durata',
  minutes: (m: number) => plural(m, 'minuto', 'minuti'),
  where: 'Dove',
  withDoctor: 'Con',
  online: 'Online, in videochiamata',
  videoLink: 'Collegamento alla videochiamata',
  addToCalendar: 'Aggiungi al calendario',
  emailSent: 'Ti abbiamo inviato un’email con tutti i dettagli e il file per il calendario.',
  howToCancel: 'Disdire o spostare',
  manageLink: 'Vai alle tue prenotazioni',
  loading: 'Caricamento della prenotazione…',
  error: 'Impossibile caricare la prenotazione.',
  notConfirmed: 'Questa prenotazione non risulta confermata.',
  joinVideo: 'Entra nella videochiamata',
  videoOpensAt: (when: string) => `Il collegamento si apre ${when}, 15 minuti prima dell’inizio.`,
  videoOpen: 'Il collegamento è aperto: puoi entrare nella videochiamata.',
  policyPassed: (cutoff: string) =>
    `Il termine per disdire con rimborso è scaduto ${theDate(cutoff)}: puoi ancora disdire la visita, ma senza rimborso, e non puoi più spostarla.`,
  cancelledBy: { patient: 'Disdetta da te', doctor: 'Disdetta dal medico', admin: 'Disdetta dalla segreteria' },
  cancelReason: (reason: string) => `Motivo: ${reason}`,
  refundAmount: (amount: string) => `Rimborso: ${amount}`,
  noRefund: 'Nessun rimborso',
} as const;
