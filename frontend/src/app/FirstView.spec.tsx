/** @jest-environment jsdom */
import '../test/setupDom';
import { render } from '@testing-library/react';
import { makeStore } from './store';
import { routes } from './routes';
import { renderRoutes } from '../test/renderWithStore';
import { FirstView } from './FirstView';

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
    const first = render(<FirstView path={path} />);
    // the login fields are read-only and the menu button inert until the app takes over: nothing else may differ
    const firstHtml = first.container.innerHTML.replaceAll(' readonly=""', '').replaceAll(' aria-disabled="true"', '');
    first.unmount();
    const app = renderRoutes(makeStore(), routes, path);
    expect(firstHtml).toBe(app.container.innerHTML);
  });
});
