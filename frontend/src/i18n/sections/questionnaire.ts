export const questionnaire = {
  title: 'Questionario',
  intro: 'Rispondi alle domande del medico per preparare la visita.',
  loading: 'Caricamento dei questionari…',
  error: 'Impossibile caricare i questionari.',
  none: 'Il medico non ha questionari da compilare.',
  missingParams: 'Prenotazione non indicata: scegli di nuovo giorno e ora.',
  continue: 'Continua',
  submit: 'Invia le risposte',
  submitting: 'Invio in corso…',
  failed: 'Impossibile inviare le risposte. Riprova.',
  choiceRequired: 'Scegli una risposta',
  textRequired: 'Specifica la risposta',
} as const;
