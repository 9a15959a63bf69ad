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
export { posta } from './sections/posta';
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
export { hold } from './sections/hold';
export { forms } from './sections/forms';
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
export { foods } from './sections/foods';
export { richText } from './sections/richText';
export { settings } from './sections/settings';
export { clinical } from './sections/clinical';
export { journey } from './sections/journey';

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
import { foods } from './sections/foods';
import { richText } from './sections/richText';
import { settings } from './sections/settings';
import { clinical } from './sections/clinical';
import { journey } from './sections/journey';

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
  foods,
  richText,
  settings,
  clinical,
  journey,
} as const;

export type Catalogue = typeof it;
