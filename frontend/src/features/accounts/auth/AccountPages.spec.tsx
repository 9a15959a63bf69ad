/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { AcceptInvitationPage } from './AcceptInvitationPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { validateNewPassword } from './newPasswordForm';
import { loadCommonPasswords } from '@studio/contracts';

// the pages load the list when they open; the tests wait for it rather than race it
beforeAll(() => loadCommonPasswords());

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/password-dimenticata', element: <ForgotPasswordPage /> },
  { path: '/nuova-password', element: <ResetPasswordPage /> },
  { path: '/invito', element: <AcceptInvitationPage /> },
  { path: '/disponibilita', element: <p>calendario</p> },
];

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

const fillNewPassword = (password: string, repeat = password) => {
  fireEvent.change(screen.getByLabelText(t.accounts.newPassword), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(t.accounts.repeatPassword), { target: { value: repeat } });
};
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

describe('new password rule in the browser', () => {
  test('the shared policy, then the two fields equal', () => {
    expect(validateNewPassword('corta', 'corta').password).toMatch(/almeno 10 caratteri/);
    expect(validateNewPassword('qwertyuiop', 'qwertyuiop').password).toMatch(/tra le più usate/);
    expect(validateNewPassword('orto-di-Carlo-1987', 'orto-di-Carlo-1988')).toEqual({ repeat: t.accounts.passwordsDiffer });
    expect(validateNewPassword('orto-di-Carlo-1987', 'orto-di-Carlo-1987')).toEqual({});
  });
});

describe('login page', () => {
  test('links to "Password dimenticata?" and shows the setup command while no staff account exists', async () => {
    fetchMock = mockFetch([{ method: 'GET', path: '/api/auth/setup-status', body: { needsSetup: true, command: 'npm run setup -- --email EMAIL' } }]);
    renderRoutes(await storeWithSession(null), routes, '/login');
    expect(screen.getByRole('link', { name: t.login.forgotPassword }).getAttribute('href')).toBe('/password-dimenticata');
    expect((await screen.findByText('npm run setup -- --email EMAIL')).tagName).toBe('CODE');
  });
  test('no setup banner once the practice has staff', async () => {
    fetchMock = mockFetch([{ method: 'GET', path: '/api/auth/setup-status', body: { needsSetup: false, command: 'npm run setup' } }]);
    renderRoutes(await storeWithSession(null), routes, '/login');
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText(t.login.setupNeeded)).toBeNull();
  });
});

describe('forgotten password', () => {
  test('sends the address with the CSRF token and shows the one answer', async () => {
    fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/password/forgot', status: 202, body: { message: 'Se l’indirizzo corrisponde…' } }]);
    renderRoutes(await storeWithSession(null), routes, '/password-dimenticata');
    fireEvent.change(screen.getByLabelText(t.login.email), { target: { value: ' paziente1@example.it ' } });
    await click(t.accounts.forgotSubmit);
    expect((await screen.findByRole('status')).textContent).toContain('Se l’indirizzo corrisponde');
    const call = fetchMock.calls.find((c) => c.url === '/api/auth/password/forgot');
    expect(call?.body).toEqual({ email: 'paziente1@example.it' });
    expect(call?.headers['x-csrf-token']).toBe(CSRF);
  });
});

describe('reset and invitation pages', () => {
  test('a common password is refused in the browser, without a call; a good one is sent with the token', async () => {
    fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/password/reset', body: { message: 'ok' } }]);
    renderRoutes(await storeWithSession(null), routes, '/nuova-password?token=u.l.mac');
    fillNewPassword('1234567890');
    await click(t.accounts.resetSubmit);
    expect(screen.getByText(/tra le più usate/)).toBeTruthy();
    expect(fetchMock.calls.filter((c) => c.url === '/api/auth/password/reset')).toHaveLength(0);
    fillNewPassword('orto-di-Carlo-1987');
    await click(t.accounts.resetSubmit);
    expect(await screen.findByText(t.accounts.resetDone)).toBeTruthy();
    expect(fetchMock.calls.find((c) => c.url === '/api/auth/password/reset')?.body).toEqual({ token: 'u.l.mac', password: 'orto-di-Carlo-1987' });
  });
  test('an expired invitation shows the server’s Italian message', async () => {
    fetchMock = mockFetch([
      { method: 'POST', path: '/api/auth/invitations/accept', status: 410, body: { error: { code: 'invito_scaduto', message: 'Questo invito è scaduto.' } } },
    ]);
    renderRoutes(await storeWithSession(null), routes, '/invito?token=u.i.mac');
    fillNewPassword('orto-di-Carlo-1987');
    await click(t.accounts.inviteSubmit);
    expect((await screen.findByRole('alert')).textContent).toBe('Questo invito è scaduto.');
  });
  test('an accepted invitation logs the doctor in and opens the calendar', async () => {
    fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/invitations/accept',
        status: 201,
        body: { user: { id: 'd1', role: 'doctor', name: 'Elena Neri' }, csrfToken: 'nuovo' },
      },
    ]);
    renderRoutes(await storeWithSession(null), routes, '/invito?token=u.i.mac');
    fillNewPassword('orto-di-Carlo-1987');
    await click(t.accounts.inviteSubmit);
    expect(await screen.findByText('calendario')).toBeTruthy();
  });
});
