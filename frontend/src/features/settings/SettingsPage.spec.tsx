/** @jest-environment jsdom */
import { mockFetch } from '../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import type { DoctorProfileView, PracticeInfo } from '@studio/contracts';
import { it as t } from '../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../test/renderWithStore';
import { SettingsPage } from './SettingsPage';

const practice: PracticeInfo = {
  name: 'Studio Medico',
  logoUrl: '/logo.svg',
  specialty: 'Nutrizione clinica',
  address: '',
  phone: '',
  email: '',
  dataController: 'Studio Medico',
  visitMinutes: 30,
  timeZone: 'Europe/Rome',
};
const profile: DoctorProfileView = { doctorId: 'd1', title: '', specialty: 'Nutrizione clinica', registerNumber: '', bio: '', photoUrl: null };

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/impostazioni', () => {
  test('the administrator saves the practice with the CSRF token and sees it saved', async () => {
    const saved = { ...practice, name: 'Studio Verdi', dataController: 'Anna Verdi' };
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/practice', body: practice },
      { method: 'GET', path: '/api/doctors', body: [{ id: 'd1', name: 'Giulia Rossi', startHour: 9, endHour: 13 }] },
      { method: 'GET', path: '/api/settings/doctors/d1', body: profile },
      { method: 'PUT', path: '/api/settings/practice', body: saved },
    ]);
    const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/impostazioni', element: <SettingsPage /> }], '/impostazioni');
    await screen.findByLabelText(t.settings.name);
    fill(t.settings.name, 'Studio Verdi');
    fill(t.settings.dataController, 'Anna Verdi');
    await act(async () => void fireEvent.submit(screen.getByRole('form', { name: t.settings.practiceTitle })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT' && c.url === '/api/settings/practice')!;
    expect(put.headers['x-csrf-token']).toBe(CSRF);
    expect(put.body).toMatchObject({ name: 'Studio Verdi', dataController: 'Anna Verdi' });
    expect(await screen.findByText(t.settings.saved)).toBeTruthy();
    // the doctor's profile is there too, for the doctor picked
    expect(screen.getByLabelText(t.settings.specialty)).toBeTruthy();
  });

  test('a doctor sees only their own profile; the server’s Italian refusal is shown', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/practice', body: practice },
      { method: 'GET', path: '/api/settings/doctors/d1', body: profile },
      {
        method: 'PUT',
        path: '/api/settings/doctors/d1',
        status: 400,
        body: { error: { code: 'dati_non_validi', message: 'Specialità: campo obbligatorio.' } },
      },
    ]);
    const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    renderRoutes(store, [{ path: '/impostazioni', element: <SettingsPage /> }], '/impostazioni');
    await screen.findByLabelText(t.settings.specialty);
    expect(screen.queryByLabelText(t.settings.name)).toBeNull();
    fill(t.settings.titleLabel, 'Dott.ssa');
    fill(t.settings.registerNumber, 'MI-1234');
    await act(async () => void fireEvent.submit(screen.getByRole('form', { name: t.settings.doctorTitle })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/settings/doctors/d1');
    expect(put.body).toMatchObject({ title: 'Dott.ssa', registerNumber: 'MI-1234', specialty: 'Nutrizione clinica' });
    expect(await screen.findByText('Specialità: campo obbligatorio.')).toBeTruthy();
  });
});
