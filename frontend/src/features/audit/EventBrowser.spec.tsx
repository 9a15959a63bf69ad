/** @jest-environment jsdom */
import '../../test/setupDom';
import type { AuditEventRow } from '@studio/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../test/setupDom';
import { FakeIntersectionObserver } from '../../test/fakeIntersectionObserver';
import { renderWithStore, storeWithSession } from '../../test/renderWithStore';
import { EventBrowser } from './EventBrowser';

/** the newest live observer's area comes into view: the next page is asked for */
const enterLatest = () => FakeIntersectionObserver.live().at(-1)!.enter();

const row = (position: number, type = 'SlotOpened'): AuditEventRow => ({
  position,
  id: `e${position}`,
  stream: `availability-d1-2030-03-0${position % 9}`,
  revision: 0,
  type,
  category: 'availability',
  at: '2030-03-04T09:00:00.000Z',
  recordedAt: '2030-03-04T09:00:00.000Z',
  userId: 'medico-1',
  role: 'doctor',
  correlationId: `corr-${position}`,
  causationId: `cause-${position}`,
});

describe('EventBrowser', () => {
  beforeEach(() => {
    FakeIntersectionObserver.install();
  });

  it('lists newest first, loads the next page when the pagination area nears, filters, and opens an event', async () => {
    const fetchMock = mockFetch([
      { method: 'GET', path: '/api/doctors', body: [] },
      { method: 'GET', path: '/api/audit/events?after=8', body: { events: [row(7), row(6)], next: null } },
      { method: 'GET', path: '/api/audit/events?category=booking', body: { events: [row(5, 'BookingHeld')], next: null } },
      { method: 'GET', path: '/api/audit/events?correlation=corr-9', body: { events: [row(9)], next: null } },
      { method: 'GET', path: '/api/audit/events', body: { events: [row(9), row(8)], next: 8 } },
      {
        method: 'GET',
        path: '/api/audit/events/9',
        body: { ...row(9), data: { personal: 'dato personale cifrato' }, metadata: { hash: 'abc', correlationId: 'corr-9' }, decrypted: false },
      },
    ]);
    try {
      renderWithStore(await storeWithSession({ id: 'r', role: 'auditor', name: 'Revisore' }), <EventBrowser />);
      await waitFor(() => expect(screen.getAllByTestId('audit-event-row')).toHaveLength(2));
      expect(fetchMock.calls.filter((c) => c.url.startsWith('/api/audit/events'))).toHaveLength(1);
      enterLatest();
      await waitFor(() => expect(screen.getAllByTestId('audit-event-row')).toHaveLength(4));
      expect(screen.getAllByTestId('audit-event-row').map((r) => r.getAttribute('data-type'))).toHaveLength(4);
      expect(fetchMock.calls.some((c) => c.url === '/api/audit/events?after=8')).toBe(true);
      expect(screen.getByText('Fine dell’elenco.')).toBeTruthy();

      fireEvent.change(screen.getByLabelText('Categoria'), { target: { value: 'booking' } });
      fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
      await waitFor(() => expect(screen.getAllByTestId('audit-event-row').map((r) => r.getAttribute('data-type'))).toEqual(['BookingHeld']));

      fireEvent.click(screen.getByRole('button', { name: 'Azzera filtri' }));
      await waitFor(() => expect(screen.getAllByTestId('audit-event-row')).toHaveLength(2));
      // the type reads in Italian, the technical name under it
      expect(screen.getByRole('button', { name: /Apri l’evento Orario aperto dal medico SlotOpened n\. 9/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /Apri l’evento .*SlotOpened n\. 9/ }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByText(/dato personale cifrato/);
      expect(within(dialog).getByText('I dati personali restano cifrati per il tuo ruolo.')).toBeTruthy();
      // the chain tab loads only when shown
      expect(fetchMock.calls.some((c) => c.url === '/api/audit/events?correlation=corr-9')).toBe(false);
      fireEvent.click(within(dialog).getByRole('tab', { name: 'Catena' }));
      await within(dialog).findByTestId('audit-chain');
      expect(fetchMock.calls.some((c) => c.url === '/api/audit/events?correlation=corr-9')).toBe(true);
    } finally {
      fetchMock.restore();
    }
  });

  it('filters by an event type chosen by its Italian name, and exports the filtered list as CSV (every page)', async () => {
    const fetchMock = mockFetch([
      { method: 'GET', path: '/api/doctors', body: [] },
      { method: 'GET', path: '/api/audit/events?type=BookingHeld&after=5', body: { events: [row(4, 'BookingHeld')], next: null } },
      { method: 'GET', path: '/api/audit/events?type=BookingHeld', body: { events: [row(5, 'BookingHeld')], next: 5 } },
      { method: 'GET', path: '/api/audit/events', body: { events: [row(9)], next: null } },
    ]);
    const created: Blob[] = [];
    const originalCreate = URL.createObjectURL;
    const originalRevoke = URL.revokeObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:storico';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderWithStore(await storeWithSession({ id: 'r', role: 'auditor', name: 'Revisore' }), <EventBrowser />);
      await waitFor(() => expect(screen.getAllByTestId('audit-event-row')).toHaveLength(1));
      const type = screen.getByLabelText('Tipo di evento') as HTMLSelectElement;
      expect(type.tagName).toBe('SELECT');
      const held = Array.from(type.options).find((o) => o.value === 'BookingHeld')!;
      expect(held.textContent).not.toBe('BookingHeld');
      fireEvent.change(type, { target: { value: 'BookingHeld' } });
      fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
      await waitFor(() => expect(screen.getAllByTestId('audit-event-row').map((r) => r.getAttribute('data-position'))).toHaveLength(1));

      fireEvent.click(screen.getByRole('button', { name: 'Esporta CSV' }));
      await waitFor(() => expect(clicked).toHaveBeenCalled());
      const text = await new Promise<string>((done) => {
        const reader = new FileReader();
        reader.onload = () => done(String(reader.result));
        reader.readAsText(created[0]);
      });
      const lines = text
        .replace(/^\ufeff/, '')
        .replace(/\r\n$/, '')
        .split('\r\n');
      expect(lines[0]).toBe('"Posizione";"Data e ora";"Flusso";"Evento";"Tipo tecnico";"Chi";"Correlazione";"Causa"');
      expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['"5"', '"4"']);
      expect(lines[1]).toContain(`"${held.textContent}"`);
    } finally {
      clicked.mockRestore();
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      fetchMock.restore();
    }
  });

  it('the auditor picks a patient by the short code, never types the id; the timeline reads in Italian and groups repeated reads', async () => {
    const patient = '3336c482-aaaa-4aaa-8aaa-111111111111';
    const read = (position: number, minute: string): AuditEventRow => ({
      ...row(position, 'PersonalDataAccessed'),
      stream: `access-${patient}`,
      at: `2030-03-05T09:${minute}:00.000Z`,
      what: 'personal_data',
    });
    const fetchMock = mockFetch([
      { method: 'GET', path: '/api/doctors', body: [{ id: 'medico-1', name: 'Giulia Rossi', startHour: 9, endHour: 13 }] },
      { method: 'GET', path: '/api/audit/patient-ids', body: [{ id: patient }, { id: '99999999-bbbb-4bbb-8bbb-222222222222' }] },
      {
        method: 'GET',
        path: `/api/audit/events?patient=${patient}`,
        body: {
          events: [
            read(12, '40'),
            read(11, '30'),
            read(10, '20'),
            { ...row(9, 'BookingHeld'), at: '2030-03-04T15:00:00.000Z', userId: patient, role: 'patient' },
          ],
          next: null,
        },
      },
      { method: 'GET', path: '/api/audit/events', body: { events: [row(9)], next: null } },
    ]);
    try {
      const { container } = renderWithStore(await storeWithSession({ id: 'r', role: 'auditor', name: 'Revisore' }), <EventBrowser />);
      await waitFor(() => expect(container.querySelectorAll('#audit-patient-list option')).toHaveLength(2));
      const option = container.querySelector<HTMLOptionElement>('#audit-patient-list option')!;
      expect(option.value).toBe('Paziente · 3336c482…');
      fireEvent.change(screen.getByLabelText('Paziente'), { target: { value: option.value } });
      fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
      // three reads by the same doctor, of the same data, in the same hour: one row with the count
      await waitFor(() => expect(screen.getAllByTestId('audit-event-row')).toHaveLength(2));
      expect(screen.getAllByTestId('audit-event-row')[0].textContent).toMatch(/dati anagrafici \(3 volte\)/);
      fireEvent.click(screen.getByRole('radio', { name: 'Cronologia' }));
      const timeline = await screen.findByTestId('audit-timeline');
      expect(
        within(timeline)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['martedì 5 marzo 2030', 'lunedì 4 marzo 2030']);
      const [reads] = within(timeline).getAllByTestId('audit-timeline-event');
      expect(reads.textContent).toMatch(/lettura: dati anagrafici \(3 volte\)/);
      expect(reads.textContent).toContain('da Giulia Rossi (Medico)');
      // names are sealed for the auditor: the patient reads as the role and the short code the list offers
      expect(within(timeline).getAllByTestId('audit-timeline-event')[1].textContent).toContain('da Paziente 3336c482…');
    } finally {
      fetchMock.restore();
    }
  });
});
