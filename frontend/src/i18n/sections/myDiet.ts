export const myDiet = {
  title: 'La tua dieta',
  loading: 'Caricamento della dieta…',
  error: 'Impossibile caricare la dieta.',
  none: 'Il tuo medico non ti ha ancora assegnato una dieta.',
  print: 'Stampa o salva in PDF',
  printHint: 'Nella finestra di stampa scegli «Salva come PDF» per averne una copia.',
  by: (doctor: string, when: string) => `Preparata da ${doctor}, aggiornata il ${when}.`,
  or: 'oppure',
  portions: 'Porzioni settimanali (pranzi e cene)',
  notes: 'Note del medico',
} as const;
