import { plural } from '../shared';

/** every patient search of the staff (/diete, /storico, "Prenota per un paziente") */
export const patientSearch = {
  label: 'Cerca un paziente',
  hint: 'Nome, data di nascita (gg/mm/aaaa) o email.',
  found: (shown: number, total: number) => `${plural(shown, 'paziente trovato', 'pazienti trovati')} su ${total}`,
  none: 'Nessun paziente corrisponde alla ricerca.',
} as const;
