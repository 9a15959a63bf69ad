import { postaForbidden } from './forbidden';

export const posta = {
  title: 'Posta in uscita (locale)',
  intro: 'SMTP_URL non è impostata: i messaggi che l’app avrebbe inviato restano qui, con destinatario, oggetto, testo e allegati.',
  loading: 'Caricamento dei messaggi…',
  error: 'Impossibile caricare i messaggi.',
  empty: 'Nessun messaggio.',
  to: 'A',
  subject: 'Oggetto',
  attachments: 'Allegati:',
  forbiddenText: postaForbidden,
} as const;
