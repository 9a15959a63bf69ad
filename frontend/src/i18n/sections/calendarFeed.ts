export const calendarFeed = {
  title: 'Il tuo calendario',
  intro:
    'Aggiungi questo indirizzo a Google Calendar, Calendario di Apple o Outlook ("iscriviti a un calendario"): le visite prenotate compariranno da sole. Tienilo riservato.',
  url: 'Indirizzo del calendario',
  copy: 'Copia',
  showNames: 'Mostra il nome del paziente nelle visite',
  regenerate: 'Genera un nuovo indirizzo',
  regenerateHint: 'Il vecchio indirizzo smetterà subito di funzionare.',
  error: 'Impossibile caricare l’indirizzo del calendario.',
} as const;
