/** @jest-environment jsdom */
import { mockFetch, setViewportWidth } from '../test/setupDom';
import type { SessionUser } from '@studio/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes, storeWithSession } from '../test/renderWithStore';
import { it as t } from '../i18n/it';
import { Layout, SIDENAV_OPEN_CLASS } from './Layout';

const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const patient: SessionUser = { id: 'p1', role: 'patient', name: 'Mario Verdi' };

function setNarrowScreen(narrow: boolean) {
  setViewportWidth(narrow ? 375 : 1280);
}

async function renderLayout(user: SessionUser | null = doctor, path = '/home') {
  const store = await storeWithSession(user);
  const routes = [
    {
      element: <Layout />,
      children: [
        { path: '/home', element: <p>contenuto home</p> },
        { path: '/disponibilita', element: <p>contenuto disponibilità</p> },
        { path: '/prenota', element: <p>contenuto prenotazione</p> },
      ],
    },
    { path: '/login', element: <p>pagina di accesso</p> },
  ];
  return { store, ...renderRoutes(store, routes, path) };
}

const toggle = () => screen.getByRole('button', { name: t.layout.toggleNav });
const header = () => screen.getByTestId('app-header');

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/logout', status: 204 }]);
  setNarrowScreen(false);
});
afterEach(() => {
  fetchMock.restore();
  document.body.className = '';
});

describe('Layout', () => {
  test('the toggle adds and removes the padding class on body and header and updates aria-expanded', async () => {
    await renderLayout();
    const button = toggle();
    expect(button.getAttribute('aria-controls')).toBe('sidenav');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.classList.contains(SIDENAV_OPEN_CLASS)).toBe(false);
    expect(header().classList.contains(SIDENAV_OPEN_CLASS)).toBe(false);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.body.classList.contains(SIDENAV_OPEN_CLASS)).toBe(true);
    expect(header().classList.contains(SIDENAV_OPEN_CLASS)).toBe(true);
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    expect(nav.closest('#sidenav')).not.toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.classList.contains(SIDENAV_OPEN_CLASS)).toBe(false);
    expect(header().classList.contains(SIDENAV_OPEN_CLASS)).toBe(false);
  });

  test('shows the user and the links of the role', async () => {
    await renderLayout(doctor);
    expect(screen.getByText(t.layout.loggedInAs('Giulia Rossi', 'Medico'))).toBeTruthy();
    fireEvent.click(toggle());
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    expect(within(nav).getByRole('link', { name: t.layout.availability }).getAttribute('href')).toBe('/disponibilita');
    expect(within(nav).getByRole('link', { name: t.layout.home }).getAttribute('href')).toBe('/home');
    expect(within(nav).getByRole('button', { name: t.layout.logout })).toBeTruthy();
  });

  test('a patient has no Disponibilità link, and a link to the booking page', async () => {
    await renderLayout(patient);
    expect(screen.getByText(t.layout.loggedInAs('Mario Verdi', 'Paziente'))).toBeTruthy();
    fireEvent.click(toggle());
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    expect(within(nav).queryByRole('link', { name: t.layout.availability })).toBeNull();
    expect(within(nav).getByRole('link', { name: t.layout.home })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: t.layout.booking }).getAttribute('href')).toBe('/prenota');
    expect(within(nav).queryByRole('link', { name: t.layout.register })).toBeNull();
  });

  test('a doctor has no booking link', async () => {
    await renderLayout(doctor);
    fireEvent.click(toggle());
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    expect(within(nav).queryByRole('link', { name: t.layout.booking })).toBeNull();
  });

  test('a visitor: booking, registration and login links; no home, no logout', async () => {
    await renderLayout(null, '/prenota');
    expect(screen.getByText('contenuto prenotazione')).toBeTruthy();
    fireEvent.click(toggle());
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    expect(within(nav).getByRole('link', { name: t.layout.booking }).getAttribute('href')).toBe('/prenota');
    expect(within(nav).getByRole('link', { name: t.layout.register }).getAttribute('href')).toBe('/registrazione');
    expect(within(nav).getByRole('link', { name: t.layout.login }).getAttribute('href')).toBe('/login');
    expect(within(nav).queryByRole('link', { name: t.layout.home })).toBeNull();
    expect(within(nav).queryByRole('button', { name: t.layout.logout })).toBeNull();
  });

  test('Escape closes the navigation', async () => {
    await renderLayout();
    fireEvent.click(toggle());
    await screen.findByRole('navigation', { name: t.layout.navLabel });
    fireEvent.keyDown(document, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('false'));
    expect(document.body.classList.contains(SIDENAV_OPEN_CLASS)).toBe(false);
  });

  test('on phones the navigation closes after following a link', async () => {
    setNarrowScreen(true);
    const { router } = await renderLayout();
    fireEvent.click(toggle());
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    fireEvent.click(within(nav).getByRole('link', { name: t.layout.availability }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/disponibilita'));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  test('on wide screens the navigation stays open after following a link', async () => {
    setNarrowScreen(false);
    const { router } = await renderLayout(doctor, '/disponibilita');
    fireEvent.click(toggle());
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    fireEvent.click(within(nav).getByRole('link', { name: t.layout.home }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(document.body.classList.contains(SIDENAV_OPEN_CLASS)).toBe(true);
  });

  test('Esci posts the logout with the CSRF token and goes to /login', async () => {
    const { router } = await renderLayout();
    fireEvent.click(toggle());
    const nav = await screen.findByRole('navigation', { name: t.layout.navLabel });
    await act(async () => {
      fireEvent.click(within(nav).getByRole('button', { name: t.layout.logout }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetchMock.calls.find((c) => c.url === '/api/auth/logout');
    expect(call?.method).toBe('POST');
    expect(call?.headers['x-csrf-token']).toBe('token-di-prova');
  });
});
