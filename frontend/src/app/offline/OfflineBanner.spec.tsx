/** @jest-environment jsdom */
import '../../test/setupDom';
import { act, screen } from '@testing-library/react';
import { storeWithSession, renderWithStore } from '../../test/renderWithStore';
import { OfflineBanner } from './OfflineBanner';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}
afterEach(() => goOnline(true));

describe('the offline banner', () => {
  it('says "Sei offline" in a status region while the browser has no connection, and nothing online', async () => {
    renderWithStore(await storeWithSession({ id: 'p-1', role: 'patient', name: 'Luca Verdi' }), <OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    goOnline(false);
    const status = screen.getByRole('status');
    expect(status.textContent).toMatch(/^Sei offline/);
    expect(status.textContent).toContain('dieta, lista della spesa e prossima visita');
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('opens offline when the page loads without a connection', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderWithStore(await storeWithSession(null), <OfflineBanner />);
    expect(screen.getByRole('status').textContent).toMatch(/^Sei offline/);
  });
});
