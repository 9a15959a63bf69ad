import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/accounts/auth/LoginPage';
import { BookingPage } from '../features/scheduling/booking/BookingPage';
import * as it from '../i18n/it';
import { loadAuditPage, loadAvailabilityPage, loadHomePage, loadMessagesPage } from './landingPages';
import { Layout } from './Layout';
import { Loading } from '../components/ui/Loading';
import { NotFound } from './NotFound';
import { AUDIT_PATH, AUDIT_ROLES, CALENDAR_ROLES, PATHS } from '../lib/paths';
import { RequireAuth } from './RequireAuth';
import { RoleHome } from './RoleHome';
import { RouteError } from './RouteError';

/**
 * A page that loads with its route, not with the app: the first visit downloads only the shell, the login and the
 * booking page (the public landing pages); the calendar, rich text, charts, PayPal and back office come when asked.
 * A new page is one more `lazyPage` line.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  };
}

// the pages an e-mail's link opens: not in the first download of the login and booking pages
const AcceptInvitationPage = lazyPage(
  () => import('../features/accounts/auth/AcceptInvitationPage'),
  (m) => m.AcceptInvitationPage,
);
const ConfirmEmailPage = lazyPage(
  () => import('../features/accounts/auth/ConfirmEmailPage'),
  (m) => m.ConfirmEmailPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/accounts/auth/ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/accounts/auth/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const AvailabilityPage = lazyPage(loadAvailabilityPage, (m) => m.AvailabilityPage);
const BookingDetailPage = lazyPage(
  () => import('../features/scheduling/booking-detail/BookingDetailPage'),
  (m) => m.BookingDetailPage,
);
const HomePage = lazyPage(loadHomePage, (m) => m.HomeRoute);
const ReceiptPage = lazyPage(
  () => import('../features/payments/orders/ReceiptPage'),
  (m) => m.ReceiptPage,
);
const PaymentPage = lazyPage(
  () => import('../features/payments/orders/PaymentPage'),
  (m) => m.PaymentPage,
);
const QuestionnairePage = lazyPage(
  () => import('../features/clinical/questionnaire/QuestionnairePage'),
  (m) => m.QuestionnairePage,
);
const QuestionnaireEditorPage = lazyPage(
  () => import('../features/clinical/questionnaire-editor/QuestionnaireEditorPage'),
  (m) => m.QuestionnaireEditorPage,
);
const RegistrationPage = lazyPage(
  () => import('../features/accounts/registration/RegistrationPage'),
  (m) => m.RegistrationPage,
);
const CatalogAdminPage = lazyPage(
  () => import('../features/payments/catalog/CatalogAdminPage'),
  (m) => m.CatalogAdminPage,
);
const DietEditorPage = lazyPage(
  () => import('../features/nutrition/diet/DietEditorPage'),
  (m) => m.DietEditorPage,
);
const DietPatientsPage = lazyPage(
  () => import('../features/nutrition/diet/DietPatientsPage'),
  (m) => m.DietPatientsPage,
);
const VisitTypesPage = lazyPage(
  () => import('../features/payments/catalog/VisitTypesPage'),
  (m) => m.VisitTypesPage,
);
const FoodCatalogPage = lazyPage(
  () => import('../features/nutrition/foods/FoodCatalogPage'),
  (m) => m.FoodCatalogPage,
);
const RecipeBookPage = lazyPage(
  () => import('../features/nutrition/recipes/RecipeBookPage'),
  (m) => m.RecipeBookPage,
);
const PostaPage = lazyPage(
  () => import('../features/notifications/PostaPage'),
  (m) => m.PostaPage,
);
const StatisticsPage = lazyPage(
  () => import('../features/notifications/statistics/StatisticsPage'),
  (m) => m.StatisticsPage,
);
const MessagesPage = lazyPage(loadMessagesPage, (m) => m.MessagesPage);
const AgendaPage = lazyPage(
  () => import('../features/scheduling/agenda/AgendaPage'),
  (m) => m.AgendaPage,
);
const AuditPage = lazyPage(loadAuditPage, (m) => m.AuditPage);
const StaffPage = lazyPage(
  () => import('../features/accounts/staff/StaffPage'),
  (m) => m.StaffPage,
);
const ProfilePage = lazyPage(
  () => import('../features/accounts/profile/ProfilePage'),
  (m) => m.ProfilePage,
);
const ExternalCalendarPage = lazyPage(
  () => import('../features/scheduling/external-calendar/ExternalCalendarPage'),
  (m) => m.ExternalCalendarPage,
);
const SettingsPage = lazyPage(
  () => import('../features/practice/SettingsPage'),
  (m) => m.SettingsPage,
);
const PatientsPage = lazyPage(
  () => import('../features/clinical/patients/PatientsPage'),
  (m) => m.PatientsPage,
);
const ClinicalRecordPage = lazyPage(
  () => import('../features/clinical/clinical-record/ClinicalRecordPage'),
  (m) => m.ClinicalRecordPage,
);
const MyDiaryPage = lazyPage(
  () => import('../features/nutrition/diary/MyDiaryPage'),
  (m) => m.MyDiaryPage,
);
const PatientDiaryPage = lazyPage(
  () => import('../features/nutrition/diary/PatientDiaryPage'),
  (m) => m.PatientDiaryPage,
);
const FiscalPage = lazyPage(
  () => import('../features/fiscal/FiscalPage'),
  (m) => m.FiscalPage,
);

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: PATHS.login, element: <LoginPage /> },
      { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: PATHS.acceptInvitation, element: <AcceptInvitationPage /> },
      { path: PATHS.confirmEmail, element: <ConfirmEmailPage /> },
      {
        element: <Layout />,
        children: [
          {
            // a page that fails keeps the header and the navigation
            errorElement: <RouteError />,
            children: [
              // public: visitors choose a slot and register
              { path: PATHS.booking, element: <BookingPage /> },
              { path: PATHS.register, element: <RegistrationPage /> },
              // an unknown address is "Pagina non trovata" for everyone, logged in or not (not a detour to /login)
              { path: '*', element: <NotFound /> },
              {
                // everything below needs a logged-in user
                element: <RequireAuth />,
                children: [
                  { index: true, element: <RoleHome /> },
                  { path: PATHS.home, element: <HomePage /> },
                  {
                    path: PATHS.availability,
                    element: (
                      <RequireAuth roles={CALENDAR_ROLES}>
                        <AvailabilityPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.externalCalendar,
                    element: (
                      <RequireAuth roles={['doctor']}>
                        <ExternalCalendarPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.agenda,
                    element: (
                      <RequireAuth roles={CALENDAR_ROLES} forbiddenText={it.forbidden.agenda}>
                        <AgendaPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.questionnaires,
                    element: (
                      <RequireAuth roles={CALENDAR_ROLES}>
                        <QuestionnaireEditorPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.questionnaire,
                    element: (
                      <RequireAuth roles={['patient']} forbiddenText={it.app.patientsOnlyText}>
                        <QuestionnairePage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.payment,
                    element: (
                      <RequireAuth roles={['patient']} forbiddenText={it.app.patientsOnlyText}>
                        <PaymentPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: AUDIT_PATH,
                    element: (
                      <RequireAuth roles={AUDIT_ROLES} forbiddenText={it.forbidden.audit}>
                        <AuditPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.receipt,
                    element: (
                      <RequireAuth roles={['patient']} forbiddenText={it.app.patientsOnlyText}>
                        <ReceiptPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.bookingDetail,
                    element: (
                      <RequireAuth roles={['patient', 'doctor', 'admin']} forbiddenText={it.forbidden.bookingDetail}>
                        <BookingDetailPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.fiscal,
                    element: (
                      <RequireAuth roles={CALENDAR_ROLES} forbiddenText={it.forbidden.fiscal}>
                        <FiscalPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.settings,
                    element: (
                      <RequireAuth roles={CALENDAR_ROLES} forbiddenText={it.forbidden.settings}>
                        <SettingsPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.patients,
                    element: (
                      <RequireAuth roles={CALENDAR_ROLES}>
                        <PatientsPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.clinicalRecord,
                    element: (
                      <RequireAuth roles={['doctor']} forbiddenText={it.forbidden.clinical}>
                        <ClinicalRecordPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.patientDiary,
                    element: (
                      <RequireAuth roles={['doctor']} forbiddenText={it.forbidden.clinical}>
                        <PatientDiaryPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.diary,
                    element: (
                      <RequireAuth roles={['patient']} forbiddenText={it.app.patientsOnlyText}>
                        <MyDiaryPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.catalog,
                    element: (
                      <RequireAuth roles={['admin']} forbiddenText={it.forbidden.catalogAdmin}>
                        <CatalogAdminPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.visitTypes,
                    element: (
                      <RequireAuth roles={CALENDAR_ROLES} forbiddenText={it.forbidden.visitTypes}>
                        <VisitTypesPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.staff,
                    element: (
                      <RequireAuth roles={['admin']} forbiddenText={it.forbidden.staff}>
                        <StaffPage />
                      </RequireAuth>
                    ),
                  },
                  { path: PATHS.profile, element: <ProfilePage /> },
                  {
                    element: <RequireAuth roles={['patient', 'doctor', 'admin']} forbiddenText={it.forbidden.messages} />,
                    children: [
                      { path: PATHS.messages, element: <MessagesPage /> },
                      { path: PATHS.patientMessages, element: <MessagesPage /> },
                    ],
                  },
                  {
                    path: PATHS.statistics,
                    element: (
                      <RequireAuth roles={['doctor', 'admin']} forbiddenText={it.forbidden.statistics}>
                        <StatisticsPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    path: PATHS.posta,
                    element: (
                      <RequireAuth roles={['admin']} forbiddenText={it.forbidden.posta}>
                        <PostaPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    element: <RequireAuth roles={['doctor']} forbiddenText={it.forbidden.dietPlans} />,
                    children: [
                      { path: PATHS.diets, element: <DietPatientsPage /> },
                      { path: PATHS.dietEditor, element: <DietEditorPage /> },
                    ],
                  },
                  {
                    element: <RequireAuth roles={CALENDAR_ROLES} forbiddenText={it.forbidden.diet} />,
                    children: [
                      { path: PATHS.foods, element: <FoodCatalogPage /> },
                      { path: PATHS.recipes, element: <RecipeBookPage /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
