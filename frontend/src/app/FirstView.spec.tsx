/** @jest-environment jsdom */
import '../test/setupDom';
import { act, render, screen } from '@testing-library/react';
import type { SessionResponse, SessionUser } from '@studio/contracts';
import { makeStore } from './store';
import { routes } from './routes';
import { renderRoutes, storeWithSession } from '../test/renderWithStore';
import { it as t } from '../i18n/it';
import { FirstView } from './FirstView';

/** the early session's answer not there yet */
const pending = new Promise<SessionResponse | null>(() => undefined);

/** what main.tsx's #main shows, the hidden parts left out (the patient's cards mount hidden until all have answered) */
function visibleMain(container: HTMLElement): string {
  const main = container.querySelector('main')!.cloneNode(true) as HTMLElement;
  for (const hidden of main.querySelectorAll('[hidden]')) hidden.remove();
  return main.innerHTML;
}

/**
 * main.tsx paints FirstView until the app's chunk has run, then the app replaces it: for the pages people open first
 * the two must be the same markup, or the page would jump (layout shift) or show a different first screen.
 */
describe('the first view before the app loads', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    // the app's first requests (session, practice, doctors) still pending, as when it has just started
    globalThis.fetch = (() => new Promise<Response>(() => undefined)) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test.each(['/prenota', '/login', '/home', '/password-dimenticata'])('%s: FirstView is the markup the app renders first', (path) => {
    const first = render(<FirstView path={path} session={pending} />);
    // the login fields are read-only and the menu button inert until the app takes over: nothing else may differ
    const firstHtml = first.container.innerHTML.replaceAll(' readonly=""', '').replaceAll(' aria-disabled="true"', '');
    first.unmount();
    const app = renderRoutes(makeStore(), routes, path);
    expect(firstHtml).toBe(app.container.innerHTML);
  });

  test("a patient's /home: once the early session has answered, the greeting as the app shows it while the cards load", async () => {
    const patient: SessionUser = { id: 'p1', role: 'patient', name: 'Luca Verdi' };
    const first = render(<FirstView path="/home" session={Promise.resolve({ user: patient, csrfToken: 't' })} />);
    expect(await screen.findByRole('heading', { name: t.home.title(patient.name) })).toBeTruthy();
    const firstMain = visibleMain(first.container);
    first.unmount();
    const app = renderRoutes(await storeWithSession(patient), routes, '/home');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    await screen.findByRole('heading', { name: t.home.title(patient.name) });
    expect(firstMain).toBe(visibleMain(app.container));
  });

  test("a patient's /messaggi: once the early session has answered, the title, the intro and the 112 notice as the app shows them while the list loads", async () => {
    const patient: SessionUser = { id: 'p1', role: 'patient', name: 'Luca Verdi' };
    const first = render(<FirstView path="/messaggi" session={Promise.resolve({ user: patient, csrfToken: 't' })} />);
    expect(await screen.findByRole('heading', { name: t.messages.title })).toBeTruthy();
    const firstMain = visibleMain(first.container);
    first.unmount();
    const app = renderRoutes(await storeWithSession(patient), routes, '/messaggi');
    await screen.findByRole('heading', { name: t.messages.title });
    expect(firstMain).toBe(visibleMain(app.container));
  });

  test('/prenota for a visitor: once the early session has answered, the line about registering as the app shows it', async () => {
    const first = render(<FirstView path="/prenota" session={Promise.resolve({ user: null, csrfToken: 't' })} />);
    expect(await screen.findByText(t.booking.visitorHint, { exact: false })).toBeTruthy();
    const firstMain = visibleMain(first.container);
    first.unmount();
    const app = renderRoutes(await storeWithSession(null), routes, '/prenota');
    await screen.findByText(t.booking.visitorHint, { exact: false });
    expect(firstMain).toBe(visibleMain(app.container));
  });

  test('/prenota for someone logged in: no line about registering', async () => {
    render(<FirstView path="/prenota" session={Promise.resolve({ user: { id: 'p1', role: 'patient', name: 'Luca Verdi' }, csrfToken: 't' })} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText(t.booking.visitorHint, { exact: false })).toBeNull();
  });

  const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Anna Neri' };
  test.each([
    ['/home', 'a doctor', doctor],
    ['/home', 'a visitor', null],
    ['/messaggi', 'a doctor', doctor],
    ['/messaggi', 'a visitor', null],
  ])('%s for %s: the spinner only (their page is not a patient’s)', async (path, _who, user) => {
    render(<FirstView path={path} session={Promise.resolve({ user, csrfToken: 't' })} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
