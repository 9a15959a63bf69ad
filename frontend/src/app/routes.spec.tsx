/** @jest-environment jsdom */
import { mockFetch } from '../test/setupDom';
import { screen, waitFor } from '@testing-library/react';
import type { SessionUser } from '@studio/contracts';
import { it as t } from '../i18n/it';
import { renderRoutes, storeWithSession } from '../test/renderWithStore';
import { routes } from './routes';

jest.mock('../lib/socket', () => ({
  getSharedSocket: () => ({ connected: false, on() {}, off() {}, emit() {}, connect() {} }),
  disconnectSharedSocket: () => {},
}));

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch([
    { method: 'GET', path: '/api/doctors', body: [] },
    { method: 'GET', path: '/api/me/bookings', body: [] },
  ]);
});
afterEach(() => fetchMock.restore());

async function openAt(path: string, user: SessionUser | null) {
  const store = await storeWithSession(user);
  const view = renderRoutes(store, routes, path);
  return { store, ...view };
}

describe('routes', () => {
  test('a visitor reaches /prenota and /registrazione without logging in', async () => {
    const booking = await openAt('/prenota', null);
    await screen.findByRole('heading', { name: t.booking.title });
    expect(booking.router.state.location.pathname).toBe('/prenota');
    booking.unmount();

    const registration = await openAt('/registrazione', null);
    await screen.findByRole('heading', { name: t.registration.title });
    expect(registration.router.state.location.pathname).toBe('/registrazione');
  });

  test('a visitor is sent to /login from /home and from the questionnaire step, remembering where from', async () => {
    for (const path of ['/home', '/prenota/questionario?booking=b1&doctor=d1']) {
      const { router, unmount } = await openAt(path, null);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.state).toEqual({ from: path });
      unmount();
    }
  });

  test('an unknown address reads "Pagina non trovata", logged in or not (a visitor is not sent to /login)', async () => {
    const visitor = await openAt('/non-esiste', null);
    await screen.findByRole('heading', { name: t.app.notFoundTitle });
    expect(visitor.router.state.location.pathname).toBe('/non-esiste');
    visitor.unmount();
    await openAt('/non-esiste', { id: 'p1', role: 'patient', name: 'Luca Verdi' });
    await screen.findByRole('heading', { name: t.app.notFoundTitle });
  });

  test('the questionnaire step is for patients only', async () => {
    await openAt('/prenota/questionario?booking=b1&doctor=d1', { id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    await screen.findByText(t.app.patientsOnlyText);
  });

  test('a patient opens the booking page inside the layout', async () => {
    await openAt('/prenota', { id: 'p1', role: 'patient', name: 'Luca Verdi' });
    await screen.findByRole('heading', { name: t.booking.title });
    expect(screen.getByTestId('app-header')).toBeTruthy();
  });
  test('a red slot’s url opens the booking detail inside the layout; auditors may not', async () => {
    const doctor = await openAt('/prenotazioni/b1', { id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    await screen.findByRole('heading', { name: t.bookingDetail.title });
    expect(screen.getByTestId('app-header')).toBeTruthy();
    expect(screen.queryByText(t.app.notFoundTitle)).toBeNull();
    doctor.unmount();

    await openAt('/prenotazioni/b1', { id: 'x1', role: 'auditor', name: 'Revisore' });
    await screen.findByText(t.bookingDetail.forbiddenText);
  });
});
