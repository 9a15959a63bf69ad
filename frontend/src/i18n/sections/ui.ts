export const ui = {
  loading: 'Caricamento…',
  loadingMore: 'Caricamento della pagina successiva…',
  endOfList: 'Fine dell’elenco.',
  close: 'Chiudi',
  cancel: 'Annulla',
} as const;
