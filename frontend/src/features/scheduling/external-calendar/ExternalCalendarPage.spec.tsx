/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExternalCalendarView } from '@studio/contracts';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { ExternalCalendarPage } from './ExternalCalendarPage';

const PATH = '/api/doctors/d1/external-calendar';
const notConnected: ExternalCalendarView = {
  connected: false,
  url: null,
  username: null,
  lastSyncAt: null,
  lastError: null,
  busyTimes: 0,
  conflicts: [],
  intervalMinutes: 15,
};
const connected: ExternalCalendarView = {
  ...notConnected,
  connected: true,
  url: 'https://cloud.esempio.it/dav/calendars/giulia/personale/',
  username: 'giulia',
  lastSyncAt: '2030-03-04T08:00:00Z',
  lastError: 'Il calendario esterno non risponde: riproveremo alla prossima sincronizzazione.',
  busyTimes: 3,
  conflicts: [{ start: '2030-03-06T09:00:00Z', end: '2030-03-06T09:30:00Z', status: 'booked' }],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(routes: Parameters<typeof mockFetch>[0]) {
  fetchMock = mockFetch(routes);
  const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
  renderRoutes(store, [{ path: '/calendario-esterno', element: <ExternalCalendarPage /> }], '/calendario-esterno');
}

describe('/calendario-esterno', () => {
  test('not connected: the form sends address, user and application password, and shows the server’s refusal as it is', async () => {
    await open([
      { method: 'GET', path: PATH, body: notConnected },
      {
        method: 'PUT',
        path: PATH,
        status: 422,
        body: {
          error: {
            code: 'calendario_esterno_non_raggiungibile',
            message: 'Il calendario esterno ha rifiutato nome utente o password: controlla la password per le app.',
          },
        },
      },
    ]);
    expect(await screen.findByText('Nessun calendario esterno collegato.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Indirizzo CalDAV'), { target: { value: 'https://cloud.esempio.it/dav/' } });
    fireEvent.change(screen.getByLabelText('Nome utente'), { target: { value: 'giulia' } });
    fireEvent.change(screen.getByLabelText('Password per le app'), { target: { value: 'abcd-efgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Collega' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Il calendario esterno ha rifiutato nome utente o password: controlla la password per le app.');
    expect(fetchMock!.calls.find((c) => c.method === 'PUT')?.body).toEqual({ url: 'https://cloud.esempio.it/dav/', username: 'giulia', password: 'abcd-efgh' });
  });

  test('connected: the last sync, its problem, the conflicts with patients’ visits, and “Sincronizza ora” telling what changed', async () => {
    await open([
      { method: 'GET', path: PATH, body: connected },
      { method: 'POST', path: `${PATH}/sync`, body: { closed: 2, reopened: 1, busyTimes: 3, conflicts: connected.conflicts } },
    ]);
    expect(await screen.findByText(`Collegato a ${connected.url}`)).toBeTruthy();
    expect(screen.getByText('3 impegni nei prossimi giorni.')).toBeTruthy();
    expect(screen.getByText(/non risponde: riproveremo/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Impegni sopra visite dei pazienti' })).toBeTruthy();
    expect(screen.getByText(/09:00–09:30: visita prenotata/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sincronizza ora' }));
    expect(await screen.findByText('Sincronizzato: 2 orari chiusi, 1 riaperti.')).toBeTruthy();
    await waitFor(() => expect(fetchMock!.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });
});
