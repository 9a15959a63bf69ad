/**
 * what a role that may not open a page reads there (RequireAuth), in one small section: the routes, loaded with the
 * app, name these texts without carrying each page's whole section
 */
export const catalogAdminForbidden = 'Questa pagina è riservata alla segreteria.';
export const postaForbidden = 'La posta in uscita è visibile solo all’amministrazione.';
export const staffForbidden = 'La gestione del personale è riservata alla segreteria.';
export const bookingDetailForbidden = 'Le prenotazioni sono visibili al paziente, ai medici e alla segreteria.';
export const agendaForbidden = 'L’agenda è riservata ai medici e alla segreteria.';
export const visitTypesForbidden = 'Solo i medici e la segreteria gestiscono i tipi di visita.';
export const fiscalForbidden = 'I documenti fiscali sono riservati ai medici e alla segreteria.';
export const auditForbidden =
  'Lo storico degli eventi è riservato al revisore e alla segreteria: i medici vedono le proprie prenotazioni e diete dalle loro pagine.';
export const dietForbidden = 'Questa pagina è riservata ai medici e alla segreteria.';
export const dietPlansForbidden = 'I piani alimentari sono dati sanitari: li vede e li scrive il medico che segue il paziente.';
export const settingsForbidden = 'Le impostazioni sono riservate ai medici e alla segreteria.';
export const statisticsForbidden = 'Le statistiche sono riservate alla segreteria e ai medici, ognuno per le proprie visite.';
export const clinicalForbidden = 'La cartella clinica è riservata ai medici che seguono il paziente.';

export const forbidden = {
  catalogAdmin: catalogAdminForbidden,
  posta: postaForbidden,
  staff: staffForbidden,
  bookingDetail: bookingDetailForbidden,
  agenda: agendaForbidden,
  visitTypes: visitTypesForbidden,
  fiscal: fiscalForbidden,
  audit: auditForbidden,
  diet: dietForbidden,
  dietPlans: dietPlansForbidden,
  settings: settingsForbidden,
  clinical: clinicalForbidden,
  statistics: statisticsForbidden,
  messages: 'I messaggi sono riservati ai pazienti, ai medici che li seguono e alla segreteria.',
} as const;
