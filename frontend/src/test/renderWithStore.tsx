/** Test-only helpers: a fresh store, optionally with a session already in the RTK Query cache. */
import type { SessionUser } from '@studio/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { api } from '../lib/api';
import { makeStore, type AppStore } from '../app/store';

export const CSRF = 'token-di-prova';

export async function storeWithSession(user: SessionUser | null): Promise<AppStore> {
  const store = makeStore();
  await store.dispatch(api.util.upsertQueryData('getSession', undefined, { user, csrfToken: CSRF }));
  return store;
}

export function renderRoutes(store: AppStore, routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router };
}

export function renderWithStore(store: AppStore, ui: ReactElement) {
  return render(<Provider store={store}>{ui}</Provider>);
}
