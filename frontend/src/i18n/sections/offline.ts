export const offline = {
  /** the banner while the device has no connection */
  banner: 'Sei offline',
  bannerText: 'Vedi le ultime informazioni scaricate: dieta, lista della spesa e prossima visita. Le modifiche riprendono quando torna la connessione.',
} as const;
