import type { Role } from '@studio/contracts';

export const PATHS = {
  login: '/login',
  home: '/home',
  availability: '/disponibilita',
  /** a doctor's external calendar (CalDAV), the url of a slot it keeps busy */
  externalCalendar: '/calendario-esterno',
  /** doctors and the front desk define questionnaires */
  questionnaires: '/questionari',
  /** public: choose doctor, day and hour */
  booking: '/prenota',
  /** public: a visitor becomes a patient */
  register: '/registrazione',
  /** the step after a slot is held: ?booking=<id>&doctor=<doctorId> */
  questionnaire: '/prenota/questionario',
  /** a booking's detail, the url of a red slot in the calendar (also its JSON call, see vite.config.ts) */
  bookingDetail: '/prenotazioni/:id',
  /** the step after the questionnaire: ?booking=<id> */
  payment: '/pagamento',
  /** a printable receipt of one of the patient's orders */
  receipt: '/ricevute/:orderId',
  /** admin: products and coupons */
  catalog: '/catalogo',
  /** doctors and the front desk: their patients' diets, and the food catalogue */
  diets: '/diete',
  dietEditor: '/diete/:patientId',
  foods: '/alimenti',
  /** doctors and the front desk: the practice's recipe book */
  recipes: '/ricette',
  /** admin: the local outbox (no SMTP_URL, outside production) */
  posta: '/posta',
  /** doctors (their own) and the front desk: visits, answers by text and no-shows by month and reminder channel */
  statistics: '/statistiche',
  /** doctors and the front desk: receipts, credit notes, the Sistema TS file, the fiscal profile */
  fiscal: '/fiscale',
  /** doctors and the front desk: the appointments of a day or a week (?for=<doctorId> for the front desk) */
  agenda: '/agenda',
  /** public: "Password dimenticata?" and the pages the emailed links open */
  forgotPassword: '/password-dimenticata',
  resetPassword: '/nuova-password',
  acceptInvitation: '/invito',
  confirmEmail: '/conferma-email',
  /** admin: the practice's staff accounts */
  staff: '/staff',
  /** every role: own contact details, password, sessions */
  profile: '/profilo',
  /** doctors their own profile; the administrator the practice and every doctor's profile */
  settings: '/impostazioni',
  /** doctors their patients, the front desk all of them (and a new one) */
  patients: '/pazienti',
  /** treating doctors: a patient's clinical record */
  clinicalRecord: '/pazienti/:patientId',
  /** treating doctors: a patient's food diary, a tab of the record */
  patientDiary: '/pazienti/:patientId/diario',
  /** patients: their food diary and self-measured weight */
  diary: '/diario',
  /** doctors and the front desk: visit types (length, price, rules, questionnaires) */
  visitTypes: '/tipi-visita',
  /** the patient's conversations with the practice; staff: the unread ones */
  messages: '/messaggi',
  /** doctors and the front desk: the conversation with one patient */
  patientMessages: '/messaggi/:patientId',
} as const;

/** the payment step of a held booking */
export function paymentPath(bookingId: string): string {
  return `${PATHS.payment}?${new URLSearchParams({ booking: bookingId }).toString()}`;
}

export function receiptPath(orderId: string): string {
  return `/ricevute/${encodeURIComponent(orderId)}`;
}

/** the questionnaire step of a held booking */
export function questionnairePath(bookingId: string, doctorId: string): string {
  const query = new URLSearchParams({ booking: bookingId, doctor: doctorId });
  return `${PATHS.questionnaire}?${query.toString()}`;
}

/**
 * where to go back to after login: an in-app path only (never another site, never /login itself)
 */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from === PATHS.login || from.startsWith(`${PATHS.login}?`)) return null;
  return from;
}

/** roles that manage availability calendars */
export const CALENDAR_ROLES: readonly Role[] = ['doctor', 'admin'];

export function canManageCalendars(role: Role): boolean {
  return CALENDAR_ROLES.includes(role);
}

/** the auditor's history: auditor and admin */
export const AUDIT_PATH = '/storico';

/** where a user lands after login, where their work is: doctors on their calendar, the front desk on the day's agenda, the auditor on the history, patients at home */
export function homePathFor(role: Role): string {
  if (role === 'auditor') return AUDIT_PATH;
  if (role === 'admin') return PATHS.agenda;
  return canManageCalendars(role) ? PATHS.availability : PATHS.home;
}
export const AUDIT_ROLES: readonly Role[] = ['auditor', 'admin'];
