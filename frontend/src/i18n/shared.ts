/** what several sections of the catalogue use */

export const pad2 = (n: number) => String(n).padStart(2, '0');

// pure: a section that uses plural() stays out of the chunks that do not read it
const pluralRules = /* @__PURE__ */ new Intl.PluralRules('it-IT');
/** "1 visita", "3 visite": the count with its noun, by Italian plural rules */
export const plural = (n: number, one: string, other: string) => `${n} ${pluralRules.select(n) === 'one' ? one : other}`;

/** the state of the live updates (socket.io), shown by the calendar and the booking page */
export const live = {
  connecting: 'Connessione agli aggiornamenti in tempo reale…',
  online: 'Aggiornamenti in tempo reale attivi',
  offline: 'Connessione persa: riconnessione in corso…',
} as const;
