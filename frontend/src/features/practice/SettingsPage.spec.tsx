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
    // the doctor's profile is there too, for the doctor picked (it loads after the doctors' list)
    expect(await screen.findByLabelText(t.settings.specialty)).toBeTruthy();
  });

  test('the administrator chooses a doctor’s public address; a taken one is refused in Italian', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/practice', body: practice },
      { method: 'GET', path: '/api/doctors', body: [{ id: 'd1', name: 'Giulia Rossi', slug: 'giulia-rossi', startHour: 9, endHour: 13 }] },
      { method: 'GET', path: '/api/settings/doctors/d1', body: profile },
      {
        method: 'PUT',
        path: '/api/settings/doctors/d1/slug',
        status: 409,
        body: { error: { code: 'indirizzo_in_uso', message: 'L’indirizzo /medici/rossi è già la pagina di un altro medico: scegline un altro.' } },
      },
    ]);
    const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/impostazioni', element: <SettingsPage /> }], '/impostazioni');
    const field = (await screen.findByLabelText(t.settings.slug)) as HTMLInputElement;
    expect(field.value).toBe('giulia-rossi');
    expect(screen.getByRole('link', { name: t.settings.slugOpen }).getAttribute('href')).toBe('/medici/giulia-rossi');
    fill(t.settings.slug, 'rossi');
    await act(async () => void fireEvent.submit(screen.getByRole('form', { name: t.settings.slugTitle })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/settings/doctors/d1/slug');
    expect(put.headers['x-csrf-token']).toBe(CSRF);
    expect(put.body).toEqual({ slug: 'rossi' });
    expect(await screen.findByText(/già la pagina di un altro medico/)).toBeTruthy();
  });

  test('the administrator lists the sites that may show the booking, one a line', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/practice', body: practice },
      { method: 'GET', path: '/api/doctors', body: [] },
      { method: 'GET', path: '/api/settings/widget', body: { allowedOrigins: ['https://a.it'] } },
      { method: 'PUT', path: '/api/settings/widget', body: { allowedOrigins: ['https://a.it', 'https://www.studio-esempio.it'] } },
    ]);
    const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/impostazioni', element: <SettingsPage /> }], '/impostazioni');
    const field = (await screen.findByDisplayValue('https://a.it')) as HTMLTextAreaElement;
    expect(field.id).toBe('settings-widget-origins');
    fireEvent.change(field, { target: { value: 'https://a.it\n\n  https://www.studio-esempio.it  ' } });
    await act(async () => void fireEvent.submit(screen.getByRole('form', { name: t.settings.widgetTitle })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/settings/widget');
    expect(put.body).toEqual({ allowedOrigins: ['https://a.it', 'https://www.studio-esempio.it'] });
    expect(await screen.findByText(t.settings.saved)).toBeTruthy();
  });

  test('the administrator adds a location with its rooms, one a line', async () => {
    const created = { id: 'l1', name: 'Sede nord', address: 'Viale Monza 2', phone: '', notes: '', mapUrl: '', rooms: [{ id: 'r1', name: 'Stanza 1' }] };
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/practice', body: practice },
      { method: 'GET', path: '/api/doctors', body: [] },
      { method: 'GET', path: '/api/locations', body: [] },
      { method: 'POST', path: '/api/locations', status: 201, body: created },
    ]);
    const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/impostazioni', element: <SettingsPage /> }], '/impostazioni');
    await screen.findByLabelText(t.settings.locationName);
    fill(t.settings.locationName, 'Sede nord');
    fill(t.settings.locationAddress, 'Viale Monza 2');
    fill(t.settings.locationRooms, 'Stanza 1\n\n Stanza 2 ');
    await act(async () => void fireEvent.submit(screen.getByRole('form', { name: t.settings.newLocation })));
    const post = fetchMock.calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-csrf-token']).toBe(CSRF);
    expect(post.body).toEqual({ name: 'Sede nord', address: 'Viale Monza 2', phone: '', notes: '', rooms: [{ name: 'Stanza 1' }, { name: 'Stanza 2' }] });
    expect(await screen.findByText(t.settings.saved)).toBeTruthy();
  });

  test('the administrator edits a location: a room keeping its name keeps its id, a new line is a new room, a line taken away goes', async () => {
    const nord = {
      id: 'l1',
      name: 'Sede nord',
      address: 'Viale Monza 2',
      phone: '',
      notes: '',
      mapUrl: '',
      rooms: [
        { id: 'r1', name: 'Stanza 1' },
        { id: 'r2', name: 'Stanza 2' },
      ],
    };
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/practice', body: practice },
      { method: 'GET', path: '/api/doctors', body: [] },
      { method: 'GET', path: '/api/locations', body: [nord] },
      { method: 'PUT', path: '/api/locations/l1', body: nord },
    ]);
    const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/impostazioni', element: <SettingsPage /> }], '/impostazioni');
    fireEvent.click(await screen.findByRole('button', { name: t.settings.editLocationOf('Sede nord') }));
    expect((screen.getByLabelText(t.settings.locationRooms) as HTMLTextAreaElement).value).toBe('Stanza 1\nStanza 2');
    fill(t.settings.locationAddress, 'Viale Monza 200');
    fill(t.settings.locationRooms, 'Stanza 1\nStanza 3');
    await act(async () => void fireEvent.submit(screen.getByRole('form', { name: t.settings.editLocationOf('Sede nord') })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/locations/l1');
    expect(put.headers['x-csrf-token']).toBe(CSRF);
    expect(put.body).toEqual({
      name: 'Sede nord',
      address: 'Viale Monza 200',
      phone: '',
      notes: '',
      rooms: [{ id: 'r1', name: 'Stanza 1' }, { name: 'Stanza 3' }],
    });
    expect(await screen.findByText(t.settings.saved)).toBeTruthy();
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
    // title and register number are the administrator's: shown, not editable, not sent
    expect((screen.getByLabelText(t.settings.titleLabel) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText(t.settings.registerNumber) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(t.settings.identityByAdmin)).toBeTruthy();
    fill(t.settings.bio, 'Nutrizione sportiva.');
    await act(async () => void fireEvent.submit(screen.getByRole('form', { name: t.settings.doctorTitle })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/settings/doctors/d1');
    expect(put.body).toEqual({ specialty: 'Nutrizione clinica', bio: 'Nutrizione sportiva.' });
    expect(await screen.findByText('Specialità: campo obbligatorio.')).toBeTruthy();
  });
});
