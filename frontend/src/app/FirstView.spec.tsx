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

  test.each([
    ['a doctor', { id: 'd1', role: 'doctor', name: 'Anna Neri' } as SessionUser],
    ['a visitor', null],
  ])('/home for %s: the spinner only (their home is not a patient’s)', async (_who, user) => {
    render(<FirstView path="/home" session={Promise.resolve({ user, csrfToken: 't' })} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
