export const hold = {
  reservedUntil: (time: string) => `Orario riservato per te fino alle ${time}`,
  remaining: (left: string) => `(ancora ${left})`,
  expired: 'Il tempo per completare la prenotazione è scaduto: l’orario è tornato libero.',
  chooseAgain: 'Scegli un nuovo orario',
} as const;
