/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import type { DoctorSummary } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { CSRF, renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { WholeDayForm } from './WholeDayForm';

const doctor: DoctorSummary = { id: 'd1', name: 'Giulia Rossi', slug: 'giulia-rossi', startHour: 8, endHour: 19 };
let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

describe('WholeDayForm', () => {
  test('"Apri tutta la giornata" posts the day and says what changed', async () => {
    fetchMock = mockFetch([{ method: 'POST', path: '/api/doctors/d1/availability/day', body: { opened: 22, closed: 0, days: 1 } }]);
    renderWithStore(await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' }), <WholeDayForm doctor={doctor} />);
    fireEvent.change(screen.getByLabelText(t.availability.wholeDayDate), { target: { value: '2030-03-19' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.availability.openWholeDay })));
    expect((await screen.findByRole('status')).textContent).toBe(t.availability.wholeDayDone(22, 0));
    const call = fetchMock.calls[0];
    expect(call.body).toEqual({ date: '2030-03-19', action: 'open' });
    expect(call.headers['x-csrf-token']).toBe(CSRF);
  });

  test('a refusal shows the server message', async () => {
    fetchMock = mockFetch([
      {
        method: 'POST',
        path: '/api/doctors/d1/availability/day',
        status: 403,
        body: { error: { code: 'vietato', message: 'Puoi modificare solo il tuo calendario.' } },
      },
    ]);
    renderWithStore(await storeWithSession({ id: 'd2', role: 'doctor', name: 'Marco Bianchi' }), <WholeDayForm doctor={doctor} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.availability.closeWholeDay })));
    expect((await screen.findByRole('alert')).textContent).toBe('Puoi modificare solo il tuo calendario.');
    expect(fetchMock.calls[0].body).toMatchObject({ action: 'close' });
  });
});
