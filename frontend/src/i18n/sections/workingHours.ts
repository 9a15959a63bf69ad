import { pad2 } from '../shared';

export const workingHours = {
  title: 'Orario di lavoro',
  intro: 'Le ore visibili nel calendario seguono questo orario.',
  start: 'Ora di inizio',
  end: 'Ora di fine',
  hour: (h: number) => `${pad2(h)}:00`,
  save: 'Salva orario',
  saving: 'Salvataggio…',
  saved: 'Orario salvato.',
  failed: 'Impossibile salvare l’orario. Riprova.',
  startInvalid: 'L’ora di inizio deve essere un numero intero tra 0 e 23',
  endInvalid: 'L’ora di fine deve essere un numero intero tra 1 e 24',
  endBeforeStart: 'L’ora di fine deve seguire l’ora di inizio',
} as const;
