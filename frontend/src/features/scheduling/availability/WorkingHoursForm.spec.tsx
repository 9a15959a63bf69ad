/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DoctorSummary } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { CSRF, renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { availabilityApi } from './availabilityApi';
import { WorkingHoursForm } from './WorkingHoursForm';

const doctor: DoctorSummary = { id: 'd1', name: 'Giulia Rossi', slug: 'giulia-rossi', startHour: 8, endHour: 19 };
let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function setup(routes: Parameters<typeof mockFetch>[0]) {
  fetchMock = mockFetch(routes);
  const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
  await store.dispatch(availabilityApi.util.upsertQueryData('getDoctors', undefined, [doctor]));
  renderWithStore(store, <WorkingHoursForm doctor={doctor} />);
  return store;
}

const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t.workingHours.save }));
  });
};

describe('WorkingHoursForm', () => {
  test('starts from the doctor hours; selects offer 0–23 and 1–24', async () => {
    await setup([]);
    const start = screen.getByLabelText(t.workingHours.start) as HTMLSelectElement;
    const end = screen.getByLabelText(t.workingHours.end) as HTMLSelectElement;
    expect(start.value).toBe('8');
    expect(end.value).toBe('19');
    expect([...start.options].map((o) => o.value)).toEqual(Array.from({ length: 24 }, (_, h) => String(h)));
    expect([...end.options].map((o) => o.value)).toEqual(Array.from({ length: 24 }, (_, h) => String(h + 1)));
  });

  test('an end not after the start is reported and nothing is sent', async () => {
    await setup([]);
    choose(t.workingHours.start, '14');
    choose(t.workingHours.end, '9');
    await submit();
    expect(screen.getByText(t.workingHours.endBeforeStart)).toBeTruthy();
    expect((screen.getByLabelText(t.workingHours.end) as HTMLElement).className).toContain('is-invalid');
    expect(fetchMock!.calls).toHaveLength(0);
  });

  test('saving PUTs the hours with the CSRF token and updates the doctor list', async () => {
    const store = await setup([{ method: 'PUT', path: '/api/doctors/d1/working-hours', body: { ...doctor, startHour: 9, endHour: 13 } }]);
    choose(t.workingHours.start, '9');
    choose(t.workingHours.end, '13');
    await submit();
    await screen.findByText(t.workingHours.saved);
    const call = fetchMock!.calls.find((c) => c.method === 'PUT');
    expect(call?.body).toEqual({ startHour: 9, endHour: 13 });
    expect(call?.headers['x-csrf-token']).toBe(CSRF);
    const doctors = availabilityApi.endpoints.getDoctors.select()(store.getState()).data;
    expect(doctors?.[0]).toMatchObject({ startHour: 9, endHour: 13 });
  });

  test("a refused save shows the server's Italian message", async () => {
    await setup([
      {
        method: 'PUT',
        path: '/api/doctors/d1/working-hours',
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: 'L’ora di fine deve seguire l’ora di inizio' } },
      },
    ]);
    choose(t.workingHours.start, '9');
    choose(t.workingHours.end, '13');
    await submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('L’ora di fine deve seguire l’ora di inizio'));
  });
});
