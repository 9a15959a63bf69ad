/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { AVAILABILITY_CHANGED, AVAILABILITY_UNWATCH, SLOT_COLORS, type AvailabilityEvent } from '@studio/contracts';
import { api } from '../../../lib/api';
import type { AppStore } from '../../../app/store';
import { FakeSocket } from '../../../test/fakeSocket';
import { CSRF, storeWithSession } from '../../../test/renderWithStore';
import { availabilityApi } from './availabilityApi';

const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({
  getSharedSocket: () => mockSocket,
  disconnectSharedSocket: () => {},
}));

const week = { doctorId: 'd1', start: '2025-03-10T00:00:00.000Z', end: '2025-03-17T00:00:00.000Z' };
const slot = (id: string, start: string, status: AvailabilityEvent['status']): AvailabilityEvent => ({
  id,
  title: status,
  ...SLOT_COLORS[status],
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  status,
});
const events = [slot('d1~202503100900', '2025-03-10T09:00:00.000Z', 'unavailable'), slot('d1~202503100930', '2025-03-10T09:30:00.000Z', 'available')];

const flush = () => new Promise((r) => setTimeout(r, 0));

let fetchMock: ReturnType<typeof mockFetch>;
let current: AppStore | undefined;
afterEach(async () => {
  // drop every cache entry: their watches end (the watcher is shared by the app, like the socket)
  current?.dispatch(api.util.resetApiState());
  current = undefined;
  await flush();
  fetchMock?.restore();
});

async function loadedStore(routes: Parameters<typeof mockFetch>[0] = []) {
  fetchMock = mockFetch([{ method: 'GET', path: '/disponibilita/json', body: events }, ...routes]);
  const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
  current = store;
  const sub = store.dispatch(availabilityApi.endpoints.getAvailability.initiate(week));
  await sub;
  await flush();
  const cached = () => availabilityApi.endpoints.getAvailability.select(week)(store.getState()).data!;
  return { store, sub, cached };
}

describe('availability api: live updates and toggles patch the RTK Query cache', () => {
  beforeEach(() => {
    mockSocket.emitted = [];
    mockSocket.connected = true;
  });

  test('GET /disponibilita/json with for, start and end', async () => {
    const { cached, sub } = await loadedStore();
    const call = fetchMock.calls.find((c) => c.url.startsWith('/disponibilita/json'))!;
    const query = new URL(call.url, 'http://x').searchParams;
    expect(query.get('for')).toBe('d1');
    expect(query.get('start')).toBe(week.start);
    expect(query.get('end')).toBe(week.end);
    expect(cached()).toHaveLength(2);
    sub.unsubscribe();
  });

  test('watch after load, patch on change, re-watch with since after reconnect, unwatch on removal', async () => {
    const { store, cached } = await loadedStore();
    const watches = mockSocket.watches();
    expect(watches.map((w) => w.payload)).toEqual([{ doctorId: 'd1' }]);
    watches[0].ack!({ ok: true, position: 100 });
    expect(store.getState().availabilityUi.live).toBe('online');

    mockSocket.receive(AVAILABILITY_CHANGED, {
      doctorId: 'd1',
      position: 101,
      slot: {
        id: 'd1~202503100900',
        start: '2025-03-10T09:00:00Z',
        end: '2025-03-10T09:30:00Z',
        status: 'booked',
        ...SLOT_COLORS.booked,
        url: '/prenotazioni/b1',
      },
    });
    expect(cached()[0]).toMatchObject({ status: 'booked', url: '/prenotazioni/b1' });

    mockSocket.drop();
    expect(store.getState().availabilityUi.live).toBe('offline');
    mockSocket.connect();
    expect(mockSocket.watches().at(-1)!.payload).toEqual({ doctorId: 'd1', since: 101 });
    expect(store.getState().availabilityUi.live).toBe('online');

    store.dispatch(api.util.resetApiState());
    await flush();
    expect(mockSocket.emitted.filter((e) => e.event === AVAILABILITY_UNWATCH).map((e) => e.payload)).toEqual([{ doctorId: 'd1' }]);
  });

  test('a toggle is pending while in flight, then patches the event', async () => {
    let release!: () => void;
    const wait = new Promise<void>((r) => (release = r));
    const { store, cached, sub } = await loadedStore([
      {
        method: 'POST',
        path: '/disponibilita/toggle',
        body: { id: 'd1~202503100900', ...SLOT_COLORS.available, status: 'available' },
        wait,
      },
    ]);
    const request = { for: 'd1', start: '2025-03-10T09:00:00.000Z', end: '2025-03-10T09:30:00.000Z', seen: 'unavailable' as const, slotId: 'd1~202503100900' };
    const pending = store.dispatch(availabilityApi.endpoints.toggleSlot.initiate(request));
    expect(store.getState().availabilityUi.pendingSlotIds).toEqual(['d1~202503100900']);
    release();
    await pending;
    await flush();
    expect(store.getState().availabilityUi.pendingSlotIds).toEqual([]);
    expect(cached()[0]).toMatchObject({ status: 'available', color: SLOT_COLORS.available.color });
    const call = fetchMock.calls.find((c) => c.url === '/disponibilita/toggle')!;
    expect(call.method).toBe('POST');
    // the status the doctor saw travels with the toggle
    expect(call.body).toEqual({ for: 'd1', start: request.start, end: request.end, seen: 'unavailable' });
    expect(call.headers['x-csrf-token']).toBe(CSRF);
    sub.unsubscribe();
  });

  test('a refused toggle keeps the old state and keeps the Italian message for the alert', async () => {
    const { store, cached, sub } = await loadedStore([
      {
        method: 'POST',
        path: '/disponibilita/toggle',
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Lo slot è già prenotato' } },
      },
    ]);
    await store.dispatch(availabilityApi.endpoints.toggleSlot.initiate({ for: 'd1', start: events[1].start, end: events[1].end, slotId: events[1].id }));
    expect(cached()[1]).toEqual(events[1]);
    expect(store.getState().availabilityUi.toggleError).toBe('Lo slot è già prenotato');
    expect(store.getState().availabilityUi.pendingSlotIds).toEqual([]);
    sub.unsubscribe();
  });
});
