/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { ProfilePage } from './ProfilePage';
import { loadCommonPasswords } from '@studio/contracts';

// the pages load the list when they open; the tests wait for it rather than race it
beforeAll(() => loadCommonPasswords());

const profile = {
  id: 'p1',
  name: 'Luca',
  surname: 'Verdi',
  email: 'paziente1@example.it',
  phone: '333 1234567',
  roles: ['patient'],
  activeRole: 'patient',
  emailConfirmed: false,
};
const routes = [
  { path: '/profilo', element: <ProfilePage /> },
  { path: '/login', element: <p>accesso</p> },
];
let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const patient = { id: 'p1', role: 'patient' as const, name: 'Luca Verdi' };

describe('ProfilePage', () => {
  test('an unconfirmed address is said, and the link can be sent again', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/profile', body: profile },
      { method: 'POST', path: '/api/me/email/confirmation', status: 202, body: { message: 'ok' } },
    ]);
    renderRoutes(await storeWithSession(patient), routes, '/profilo');
    expect(await screen.findByText(t.profile.emailUnconfirmed)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.profile.resend }));
    });
    expect(await screen.findByText(t.profile.resent)).toBeTruthy();
  });

  test('a patient sets their codice fiscale for the receipts on /profilo', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/profile', body: { ...profile, taxcode: null } },
      { method: 'PUT', path: '/api/me/profile', body: { ...profile, taxcode: 'RSSMRA85T10A562S' } },
    ]);
    renderRoutes(await storeWithSession(patient), routes, '/profilo');
    fireEvent.change(await screen.findByLabelText(t.profile.taxcode), { target: { value: 'rssmra85t10a562s' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.profile.save })));
    expect(fetchMock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Luca',
      surname: 'Verdi',
      phone: '333 1234567',
      taxcode: 'rssmra85t10a562s',
    });
  });

  test("a doctor's name is shown, not editable: the administrator changes it; the phone is still theirs", async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/profile', body: { ...profile, id: 'd1', roles: ['doctor'], activeRole: 'doctor', emailConfirmed: true } },
      { method: 'PUT', path: '/api/me/profile', body: { ...profile, id: 'd1', roles: ['doctor'], activeRole: 'doctor', phone: '02 1234567' } },
    ]);
    renderRoutes(await storeWithSession({ id: 'd1', role: 'doctor' as const, name: 'Luca Verdi' }), routes, '/profilo');
    expect(await screen.findByText(t.profile.nameByAdmin)).toBeTruthy();
    expect((screen.getByLabelText(t.profile.name) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText(t.profile.surname) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText(t.profile.phone), { target: { value: '02 1234567' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.profile.save }));
    });
    expect(fetchMock.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Luca', surname: 'Verdi', phone: '02 1234567' });
  });

  test('changes the password after the browser check of the new one', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/profile', body: { ...profile, emailConfirmed: true } },
      { method: 'POST', path: '/api/me/password', body: { message: 'ok' } },
    ]);
    renderRoutes(await storeWithSession(patient), routes, '/profilo');
    await screen.findByText(t.profile.passwordTitle);
    fireEvent.change(screen.getByLabelText(t.profile.currentPassword), { target: { value: 'Password123!' } });
    fireEvent.change(screen.getByLabelText(t.accounts.newPassword), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText(t.accounts.repeatPassword), { target: { value: 'password123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.profile.changePassword }));
    });
    // said in an alert (a patient's page has other cards, whose reads may fail in this test with alerts of their own)
    expect(screen.getByText(/tra le più usate/).closest('[role="alert"]')).not.toBeNull();
    fireEvent.change(screen.getByLabelText(t.accounts.newPassword), { target: { value: 'orto-di-Luca-2030' } });
    fireEvent.change(screen.getByLabelText(t.accounts.repeatPassword), { target: { value: 'orto-di-Luca-2030' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.profile.changePassword }));
    });
    expect(await screen.findByText(t.profile.passwordChanged)).toBeTruthy();
    expect(fetchMock.calls.filter((c) => c.url === '/api/me/password').map((c) => c.body)).toEqual([
      { currentPassword: 'Password123!', newPassword: 'orto-di-Luca-2030' },
    ]);
  });

  test('"Esci da tutti i dispositivi" ends the session and goes to the login page', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/profile', body: profile },
      { method: 'POST', path: '/api/me/logout-everywhere', body: { user: null, csrfToken: 'nuovo' } },
    ]);
    renderRoutes(await storeWithSession(patient), routes, '/profilo');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: t.profile.logoutEverywhere }));
    });
    expect(await screen.findByText('accesso')).toBeTruthy();
  });
});
