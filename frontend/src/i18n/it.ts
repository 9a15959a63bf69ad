/**
 * Every Italian string of the frontend, in one catalogue, one module per section (sections/): the app reads it with
 * `import * as it from '…/i18n/it'` and `it.<section>.<key>`, so each chunk carries only the sections its pages read
 * and the first download of the login and booking pages not every string of every screen.
 * Server messages (error.message) arrive already in Italian and are shown as they are.
 */
export { plural } from './shared';
export { forbidden } from './sections/forbidden';
export { dataTable } from './sections/dataTable';
export { catalogAdmin } from './sections/catalogAdmin';
export { titles } from './sections/titles';
export { app } from './sections/app';
export { roles } from './sections/roles';
export { layout } from './sections/layout';
export { waitingList } from './sections/waitingList';
export { calendarFeed } from './sections/calendarFeed';
export { externalCalendar } from './sections/externalCalendar';
export { posta } from './sections/posta';
export { statistics } from './sections/statistics';
export { login } from './sections/login';
export { accounts } from './sections/accounts';
export { staff } from './sections/staff';
export { profile } from './sections/profile';
export { home } from './sections/home';
export { myBookings } from './sections/myBookings';
export { bookingDetail } from './sections/bookingDetail';
export { agenda } from './sections/agenda';
export { frontDesk } from './sections/frontDesk';
export { patientSearch } from './sections/patientSearch';
export { patients } from './sections/patients';
export { hold } from './sections/hold';
export { forms } from './sections/forms';
export { dietLibrary } from './sections/dietLibrary';
export { booking } from './sections/booking';
export { registration } from './sections/registration';
export { questionnaire } from './sections/questionnaire';
export { availability } from './sections/availability';
export { workingHours } from './sections/workingHours';
export { questionnaireEditor } from './sections/questionnaireEditor';
export { visitTypes } from './sections/visitTypes';
export { payments } from './sections/payments';
export { orders } from './sections/orders';
export { fiscal } from './sections/fiscal';
export { ui } from './sections/ui';
export { audit } from './sections/audit';
export { erasure } from './sections/erasure';
export { accessLog } from './sections/accessLog';
export { diet } from './sections/diet';
export { myDiet } from './sections/myDiet';
export { diary } from './sections/diary';
export { diaryCard } from './sections/diaryCard';
export { selfMeasurements } from './sections/selfMeasurements';
export { dietPlan } from './sections/dietPlan';
export { foods } from './sections/foods';
export { recipes } from './sections/recipes';
export { nutrients } from './sections/nutrients';
export { richText } from './sections/richText';
export { settings } from './sections/settings';
export { clinical } from './sections/clinical';
export { journey } from './sections/journey';
export { offline } from './sections/offline';
export { today } from './sections/today';
export { messages, push } from './sections/messages';

import { forbidden } from './sections/forbidden';
import { dataTable } from './sections/dataTable';
import { catalogAdmin } from './sections/catalogAdmin';
import { titles } from './sections/titles';
import { app } from './sections/app';
import { roles } from './sections/roles';
import { layout } from './sections/layout';
import { waitingList } from './sections/waitingList';
import { calendarFeed } from './sections/calendarFeed';
import { posta } from './sections/posta';
import { statistics } from './sections/statistics';
import { login } from './sections/login';
import { accounts } from './sections/accounts';
import { staff } from './sections/staff';
import { profile } from './sections/profile';
import { home } from './sections/home';
import { myBookings } from './sections/myBookings';
import { bookingDetail } from './sections/bookingDetail';
import { agenda } from './sections/agenda';
import { frontDesk } from './sections/frontDesk';
import { patientSearch } from './sections/patientSearch';
import { patients } from './sections/patients';
import { hold } from './sections/hold';
import { forms } from './sections/forms';
import { booking } from './sections/booking';
import { registration } from './sections/registration';
import { questionnaire } from './sections/questionnaire';
import { availability } from './sections/availability';
import { workingHours } from './sections/workingHours';
import { questionnaireEditor } from './sections/questionnaireEditor';
import { visitTypes } from './sections/visitTypes';
import { payments } from './sections/payments';
import { orders } from './sections/orders';
import { fiscal } from './sections/fiscal';
import { ui } from './sections/ui';
import { audit } from './sections/audit';
import { erasure } from './sections/erasure';
import { accessLog } from './sections/accessLog';
import { diet } from './sections/diet';
import { myDiet } from './sections/myDiet';
import { diary } from './sections/diary';
import { diaryCard } from './sections/diaryCard';
import { selfMeasurements } from './sections/selfMeasurements';
import { dietPlan } from './sections/dietPlan';
import { dietLibrary } from './sections/dietLibrary';
import { foods } from './sections/foods';
import { recipes } from './sections/recipes';
import { nutrients } from './sections/nutrients';
import { richText } from './sections/richText';
import { settings } from './sections/settings';
import { clinical } from './sections/clinical';
import { journey } from './sections/journey';
import { offline } from './sections/offline';
import { today } from './sections/today';
import { messages, push } from './sections/messages';

/** the whole catalogue as one object, for the tests that read it whole (catalogue.spec.ts); the app uses the sections */
export const it = {
  forbidden,
  dataTable,
  catalogAdmin,
  titles,
  app,
  roles,
  layout,
  waitingList,
  calendarFeed,
  posta,
  statistics,
  login,
  accounts,
  staff,
  profile,
  home,
  myBookings,
  bookingDetail,
  agenda,
  frontDesk,
  patientSearch,
  patients,
  hold,
  forms,
  booking,
  registration,
  questionnaire,
  availability,
  workingHours,
  questionnaireEditor,
  visitTypes,
  payments,
  orders,
  fiscal,
  ui,
  audit,
  erasure,
  accessLog,
  diet,
  myDiet,
  diary,
  diaryCard,
  selfMeasurements,
  dietPlan,
  dietLibrary,
  foods,
  recipes,
  nutrients,
  richText,
  settings,
  clinical,
  journey,
  offline,
  today,
  messages,
  push,
} as const;

export type Catalogue = typeof it;
