/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { safeReturnPath } from '../../../lib/paths';
import { makeStore } from '../../../app/store';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { LoginPage } from './LoginPage';
import { validateLogin } from './loginForm';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/disponibilita', element: <p>calendario</p> },
  { path: '/agenda', element: <p>agenda</p> },
  { path: '/home', element: <p>home</p> },
];

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(t.login.email), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(t.login.password), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t.login.submit }));
  });
}

describe('LoginPage', () => {
  test('in the widget’s frame whose cookies the browser blocks: says so, and offers the booking in a tab of its own', async () => {
    const own = window.parent;
    const hasStorageAccess = document.hasStorageAccess;
    Object.defineProperty(window, 'parent', { value: { postMessage: () => undefined }, configurable: true });
    Object.defineProperty(document, 'hasStorageAccess', { value: () => Promise.resolve(false), configurable: true });
    try {
      const store = await storeWithSession(null);
      renderRoutes(store, routes, '/login');
      const link = await screen.findByRole('link', { name: 'apri la prenotazione in una nuova scheda' });
      expect(new URL(link.getAttribute('href')!).pathname).toBe('/prenota');
      expect(link.getAttribute('target')).toBe('_blank');
    } finally {
      Object.defineProperty(window, 'parent', { value: own, configurable: true });
      Object.defineProperty(document, 'hasStorageAccess', { value: hasStorageAccess, configurable: true });
    }
  });

  test("shows the server's Italian error message in an alert", async () => {
    fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/login',
        status: 401,
        body: { error: { code: 'INVALID_CREDENTIALS', message: 'Email o password non corrette' } },
      },
    ]);
    const store = await storeWithSession(null);
    renderRoutes(store, routes, '/login');

    await fillAndSubmit('medico1@example.it', 'sbagliata');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email o password non corrette');
    const call = fetchMock.calls.find((c) => c.url === '/api/auth/login');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ email: 'medico1@example.it', password: 'sbagliata' });
    expect(call?.headers['x-csrf-token']).toBe(CSRF);
    expect(call?.headers['content-type']).toContain('application/json');
  });

  test('fields have labels and autocomplete', async () => {
    const store = await storeWithSession(null);
    renderRoutes(store, routes, '/login');
    expect(screen.getByLabelText(t.login.email).getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText(t.login.password).getAttribute('autocomplete')).toBe('current-password');
  });

  test('a doctor goes to /disponibilita after login; the new token replaces the old one', async () => {
    fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/login',
        body: { user: { id: 'd1', role: 'doctor', name: 'Giulia Rossi' }, csrfToken: 'nuovo-token' },
      },
    ]);
    const store = await storeWithSession(null);
    const { router } = renderRoutes(store, routes, '/login');
    await fillAndSubmit('medico1@example.it', 'Password123!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/disponibilita'));
    const session = store.getState().api.queries['getSession(undefined)']?.data as { csrfToken: string };
    expect(session.csrfToken).toBe('nuovo-token');
  });

  test('a patient goes to /home after login', async () => {
    fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/login',
        body: { user: { id: 'p1', role: 'patient', name: 'Mario Verdi' }, csrfToken: 'nuovo-token' },
      },
    ]);
    const store = await storeWithSession(null);
    const { router } = renderRoutes(store, routes, '/login');
    await fillAndSubmit('paziente1@example.it', 'Password123!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  test('without a cached session the token is fetched first', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/auth/session', body: { user: null, csrfToken: 'dal-server' } },
      { method: 'POST', path: '/api/auth/login', status: 401, body: { error: { code: 'X', message: 'No' } } },
    ]);
    const store = makeStore();
    renderRoutes(store, routes, '/login');
    await fillAndSubmit('a@b.it', 'x');
    await screen.findByRole('alert');
    const login = fetchMock.calls.find((c) => c.url === '/api/auth/login');
    expect(login?.headers['x-csrf-token']).toBe('dal-server');
  });

  test('the button shows a loading state while the server answers', async () => {
    let release!: () => void;
    const wait = new Promise<void>((r) => (release = r));
    fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/login', status: 401, body: { error: { code: 'X', message: 'Errore' } }, wait }]);
    const store = await storeWithSession(null);
    renderRoutes(store, routes, '/login');
    await fillAndSubmit('a@b.it', 'x');
    const busy = screen.getByRole('button', { name: t.login.submitting }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await act(async () => release());
    await screen.findByRole('alert');
    expect((screen.getByRole('button', { name: t.login.submit }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('empty fields are reported without calling the server', async () => {
    fetchMock = mockFetch([]);
    const store = await storeWithSession(null);
    renderRoutes(store, routes, '/login');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.login.submit }));
    });
    expect(screen.getByText(t.login.emailRequired)).toBeTruthy();
    expect(screen.getByText(t.login.passwordRequired)).toBeTruthy();
    expect(fetchMock.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  test('an already logged-in doctor is sent to the calendar', async () => {
    const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    const { router } = renderRoutes(store, routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/disponibilita'));
  });
});

describe('LoginPage: back to where the visitor came from', () => {
  test('after login, to the page RequireAuth or the booking page sent them from', async () => {
    fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/login',
        body: { user: { id: 'p1', role: 'patient', name: 'Luca Verdi' }, csrfToken: 'nuovo' },
      },
    ]);
    const store = await storeWithSession(null);
    const router = createMemoryRouter([...routes, { path: '/prenota', element: <p>prenotazione</p> }], {
      initialEntries: [{ pathname: '/login', state: { from: '/prenota' } }],
    });
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await fillAndSubmit('paziente1@example.it', 'Password123!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/prenota'));
  });

  test('never to another site nor back to /login', () => {
    expect(safeReturnPath('/prenota')).toBe('/prenota');
    expect(safeReturnPath('//altro.example')).toBeNull();
    expect(safeReturnPath('https://altro.example')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  test('links to registration and to the booking page', async () => {
    const store = await storeWithSession(null);
    renderRoutes(store, routes, '/login');
    expect(screen.getByRole('link', { name: t.login.register }).getAttribute('href')).toBe('/registrazione');
    expect(screen.getByRole('link', { name: t.login.bookVisit }).getAttribute('href')).toBe('/prenota');
  });
});

describe('validateLogin', () => {
  test('requires both fields', () => {
    expect(validateLogin({ email: '  ', password: '' })).toEqual({
      email: t.login.emailRequired,
      password: t.login.passwordRequired,
    });
    expect(validateLogin({ email: 'a@b.it', password: 'x' })).toEqual({});
  });

  test('an already logged-in segreteria is sent to her day at the practice, the agenda', async () => {
    const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria Studio' });
    const { router } = renderRoutes(store, routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agenda'));
  });
});
