/** @jest-environment jsdom */
import '../../test/setupDom';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { WidgetNotice } from './WidgetNotice';

/** in a router at `path` (with the state the booking page hands over, if any) */
const inRouter = (ui: ReactElement, path = '/prenota', state?: unknown) =>
  render(<MemoryRouter initialEntries={[{ pathname: path, state }]}>{ui}</MemoryRouter>);

// the notice of the widget's frame: shown only in a frame whose cookies the browser blocks (the Storage Access API's
// answer), with the link to the booking in a tab of its own, without the frame's mark
describe('the widget notice', () => {
  const own = window.parent;
  const hasStorageAccess = document.hasStorageAccess;
  const inFrame = () => Object.defineProperty(window, 'parent', { value: { postMessage: () => undefined }, configurable: true });
  const storageAccess = (answer: Promise<boolean>) => Object.defineProperty(document, 'hasStorageAccess', { value: () => answer, configurable: true });
  afterEach(() => {
    Object.defineProperty(window, 'parent', { value: own, configurable: true });
    Object.defineProperty(document, 'hasStorageAccess', { value: hasStorageAccess, configurable: true });
    window.history.replaceState(null, '', '/');
  });

  it('cookies blocked in the frame: says so, and links to the same booking page without ?widget', async () => {
    inFrame();
    storageAccess(Promise.resolve(false));
    window.history.replaceState(null, '', '/prenota?medico=giulia-rossi&widget=1');
    inRouter(<WidgetNotice />);
    const link = await screen.findByRole('link', { name: 'apri la prenotazione in una nuova scheda' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/prenota?medico=giulia-rossi`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('status').textContent).toMatch(/Il browser blocca i cookie in questa cornice/);
  });

  it('the registration and login pages: the booking with the doctor chosen, as the booking page handed it over', async () => {
    inFrame();
    storageAccess(Promise.resolve(false));
    window.history.replaceState(null, '', '/registrazione');
    inRouter(<WidgetNotice keptChoice />, '/registrazione', { widgetBooking: '/prenota?medico=d1&tipo=v1' });
    const link = await screen.findByRole('link', { name: 'apri la prenotazione in una nuova scheda' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/prenota?medico=d1&tipo=v1`);
  });

  it('cookies allowed in the frame, or no frame at all: nothing', async () => {
    inFrame();
    const answer = Promise.resolve(true);
    storageAccess(answer);
    const { container } = inRouter(<WidgetNotice />);
    // the browser's answer and the render it causes, before looking
    await act(async () => void (await answer));
    expect(container.textContent).toBe('');
    Object.defineProperty(window, 'parent', { value: own, configurable: true });
    const refused = Promise.resolve(false);
    storageAccess(refused);
    const alone = inRouter(<WidgetNotice />);
    await act(async () => void (await refused));
    expect(alone.container.textContent).toBe('');
  });
});
