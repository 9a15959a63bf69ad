import { plural } from '../shared';

export const accessLog = {
  title: 'Chi ha consultato i tuoi dati',
  intro: 'Ogni lettura dei tuoi dati personali o sanitari viene registrata.',
  empty: 'Nessuna consultazione registrata.',
  error: 'Impossibile caricare il registro degli accessi.',
  when: 'Quando',
  who: 'Chi',
  what: 'Cosa',
  registerNumber: (n: string) => `n. iscr. albo ${n}`,
  whatLabels: {
    questionnaire_answers: 'risposte al questionario',
    personal_data: 'dati anagrafici',
    audit_event: 'un evento dello storico',
    diet: 'dieta',
    clinical_record: 'cartella clinica',
    messages: 'messaggi',
    diary: 'diario alimentare',
  } as Record<string, string>,
  /** reads grouped by reader, kind and hour */
  times: (count: number) => plural(count, 'volta', 'volte'),
} as const;
