import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { BookingPage } from '../features/booking/BookingPage';
import * as it from '../i18n/it';
import { loadAuditPage, loadAvailabilityPage, loadHomePage } from './landingPages';
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
  () => import('../features/auth/AcceptInvitationPage'),
  (m) => m.AcceptInvitationPage,
);
const ConfirmEmailPage = lazyPage(
  () => import('../features/auth/ConfirmEmailPage'),
  (m) => m.ConfirmEmailPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/ForgotPasswordPage'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/ResetPasswordPage'),
  (m) => m.ResetPasswordPage,
);
const AvailabilityPage = lazyPage(loadAvailabilityPage, (m) => m.AvailabilityPage);
const BookingDetailPage = lazyPage(
  () => import('../features/booking-detail/BookingDetailPage'),
  (m) => m.BookingDetailPage,
);
const HomePage = lazyPage(loadHomePage, (m) => m.HomeRoute);
const ReceiptPage = lazyPage(
  () => import('../features/orders/ReceiptPage'),
  (m) => m.ReceiptPage,
);
const PaymentPage = lazyPage(
  () => import('../features/orders/PaymentPage'),
  (m) => m.PaymentPage,
);
const QuestionnairePage = lazyPage(
  () => import('../features/questionnaire/QuestionnairePage'),
  (m) => m.QuestionnairePage,
);
const QuestionnaireEditorPage = lazyPage(
  () => import('../features/questionnaire-editor/QuestionnaireEditorPage'),
  (m) => m.QuestionnaireEditorPage,
);
const RegistrationPage = lazyPage(
  () => import('../features/registration/RegistrationPage'),
  (m) => m.RegistrationPage,
);
const CatalogAdminPage = lazyPage(
  () => import('../features/catalog/CatalogAdminPage'),
  (m) => m.CatalogAdminPage,
);
const DietEditorPage = lazyPage(
  () => import('../features/diet/DietEditorPage'),
  (m) => m.DietEditorPage,
);
const DietPatientsPage = lazyPage(
  () => import('../features/diet/DietPatientsPage'),
  (m) => m.DietPatientsPage,
);
const VisitTypesPage = lazyPage(
  () => import('../features/catalog/VisitTypesPage'),
  (m) => m.VisitTypesPage,
);
const FoodCatalogPage = lazyPage(
  () => import('../features/foods/FoodCatalogPage'),
  (m) => m.FoodCatalogPage,
);
const PostaPage = lazyPage(
  () => import('../features/posta/PostaPage'),
  (m) => m.PostaPage,
);
const AgendaPage = lazyPage(
  () => import('../features/agenda/AgendaPage'),
  (m) => m.AgendaPage,
);
const AuditPage = lazyPage(loadAuditPage, (m) => m.AuditPage);
const StaffPage = lazyPage(
  () => import('../features/staff/StaffPage'),
  (m) => m.StaffPage,
);
const ProfilePage = lazyPage(
  () => import('../features/profile/ProfilePage'),
  (m) => m.ProfilePage,
);
const SettingsPage = lazyPage(
  () => import('../features/settings/SettingsPage'),
  (m) => m.SettingsPage,
);
const ClinicalRecordPage = lazyPage(
  () => import('../features/clinical-record/ClinicalRecordPage'),
  (m) => m.ClinicalRecordPage,
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
                    path: PATHS.clinicalRecord,
                    element: (
                      <RequireAuth roles={['doctor']} forbiddenText={it.forbidden.clinical}>
                        <ClinicalRecordPage />
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
                    path: PATHS.posta,
                    element: (
                      <RequireAuth roles={['admin']} forbiddenText={it.forbidden.posta}>
                        <PostaPage />
                      </RequireAuth>
                    ),
                  },
                  {
                    element: <RequireAuth roles={CALENDAR_ROLES} forbiddenText={it.forbidden.diet} />,
                    children: [
                      { path: PATHS.diets, element: <DietPatientsPage /> },
                      { path: PATHS.dietEditor, element: <DietEditorPage /> },
                      { path: PATHS.foods, element: <FoodCatalogPage /> },
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
