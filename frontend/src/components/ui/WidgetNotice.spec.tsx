/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { WidgetNotice } from './WidgetNotice';

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
    render(<WidgetNotice />);
    const link = await screen.findByRole('link', { name: 'apri la prenotazione in una nuova scheda' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/prenota?medico=giulia-rossi`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('status').textContent).toMatch(/Il browser blocca i cookie in questa cornice/);
  });

  it('a given address (the registration page): the booking with the doctor chosen', async () => {
    inFrame();
    storageAccess(Promise.resolve(false));
    window.history.replaceState(null, '', '/registrazione');
    render(<WidgetNotice href="/prenota?medico=d1&tipo=v1" />);
    const link = await screen.findByRole('link', { name: 'apri la prenotazione in una nuova scheda' });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/prenota?medico=d1&tipo=v1`);
  });

  it('cookies allowed in the frame, or no frame at all: nothing', async () => {
    inFrame();
    const answer = Promise.resolve(true);
    storageAccess(answer);
    const { container } = render(<WidgetNotice />);
    // the browser's answer and the render it causes, before looking
    await act(async () => void (await answer));
    expect(container.textContent).toBe('');
    Object.defineProperty(window, 'parent', { value: own, configurable: true });
    const refused = Promise.resolve(false);
    storageAccess(refused);
    const alone = render(<WidgetNotice />);
    await act(async () => void (await refused));
    expect(alone.container.textContent).toBe('');
  });
});
