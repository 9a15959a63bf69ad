import type { RouteObject } from 'react-router-dom';
import { AvailabilityPage } from '../features/availability/AvailabilityPage';
import { LoginPage } from '../features/auth/LoginPage';
import { HomePage } from '../features/home/HomePage';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { CALENDAR_ROLES, PATHS } from './paths';
import { RequireAuth } from './RequireAuth';
import { RoleHome } from './RoleHome';
import { RouteError } from './RouteError';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: PATHS.login, element: <LoginPage /> },
      {
        // everything below needs a logged-in user
        element: <RequireAuth />,
        children: [
          {
            element: <Layout />,
            children: [
              {
                // a page that fails keeps the header and the navigation
                errorElement: <RouteError />,
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
                  { path: '*', element: <NotFound /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
