import { theDate } from '../theDate';
export const erasure = {
  title: 'Cancellazione dei tuoi dati',
  keptTitle: 'Documenti fiscali che restano',
  statementSummary: 'Che cosa viene cancellato, che cosa resta e perché',
  receipt: 'Ricevuta',
  creditNote: 'Nota di credito',
  kept: (kind: string, label: string, doctor: string, until: string) => `${kind} ${label} di ${doctor}: conservata fino al ${until}`,
  nothingKept: 'Non ci sono ricevute a tuo nome: non resterebbe nulla.',
  confirm: 'Ho letto che cosa resta e perché, e chiedo la cancellazione dei miei dati',
  submit: 'Chiedi la cancellazione',
  requested: (day: string) =>
    `Richiesta di cancellazione registrata ${theDate(day)}. La segreteria la vede nello storico e provvede alla cancellazione; fino ad allora il tuo account resta attivo.`,
  failed: 'Non è stato possibile registrare la richiesta. Riprova.',
} as const;
