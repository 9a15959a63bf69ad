import { isAppNavigation } from './navigation';

describe('the navigations the service worker answers with the app', () => {
  it('are the app’s pages, whatever their path', () => {
    for (const path of ['/', '/home', '/prenota', '/prenotazioni/abc-123', '/disponibilita', '/ricevute/o-1', '/posta'])
      expect({ path, app: isAppNavigation(path) }).toEqual({ path, app: true });
  });

  it('not the calls a tab may open: a receipt’s PDF, the calendar feed, the spec’s calls', () => {
    for (const path of [
      '/api/orders/o-1/receipt.pdf',
      '/api/me/calendar-feed',
      '/socket.io/',
      '/disponibilita/json',
      '/pagamenti/coupon',
      '/prenotazioni/conferma',
    ])
      expect({ path, app: isAppNavigation(path) }).toEqual({ path, app: false });
  });
});
