/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionUser, VisitTypeView } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { VisitTypesPage } from './VisitTypesPage';

const v = t.visitTypes;
const DOCTOR = '11111111-1111-4111-8111-111111111111';
const doctor: SessionUser = { id: DOCTOR, role: 'doctor', name: 'Giulia Rossi' };
const admin: SessionUser = { id: 'a1', role: 'admin', name: 'Segreteria' };
const LIST = `/api/doctors/${DOCTOR}/visit-types?all=1`;
const firstVisit: VisitTypeView = {
  id: 'vt1',
  doctorId: DOCTOR,
  productId: 'p1',
  name: 'Prima visita',
  minutes: 60,
  priceCents: 9000,
  mode: 'studio',
  firstVisitOnly: true,
  followUpOnly: false,
  bufferMinutes: 15,
  noticeMinutes: 120,
  horizonDays: 60,
  questionnaireIds: ['qn1'],
  locationId: null,
  archived: false,
};
const questionnaires = [
  { id: 'qn1', doctorId: DOCTOR, title: 'Anamnesi', questions: [], definedAt: '2030-01-01T09:00:00Z', version: 1, active: true },
  { id: 'qn2', doctorId: DOCTOR, title: 'Diario', questions: [], definedAt: '2030-01-01T09:00:00Z', version: 1, active: false },
];

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(user: SessionUser, routes: Route[], path = '/tipi-visita') {
  fetchMock = mockFetch([...routes, { method: 'GET', path: `/api/questionnaires?doctor=${DOCTOR}`, body: questionnaires }]);
  renderRoutes(await storeWithSession(user), [{ path: '/tipi-visita', element: <VisitTypesPage /> }], path);
}
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const calls = (method: string) => fetchMock!.calls.filter((c) => c.method === method);

describe('VisitTypesPage (/tipi-visita)', () => {
  test('lists each visit type with length, price, mode, rules and its questionnaires', async () => {
    await open(doctor, [
      { method: 'GET', path: LIST, body: [firstVisit, { ...firstVisit, id: 'vt2', name: 'Vecchio controllo', archived: true, questionnaireIds: [] }] },
    ]);
    const list = within(await screen.findByRole('list', { name: v.listTitle }));
    expect(list.getByRole('heading', { name: 'Prima visita' })).toBeTruthy();
    expect(list.getAllByText(v.minutes(60))).toHaveLength(2);
    expect(list.getAllByText(v.firstVisitOnlyBadge)).toHaveLength(2);
    expect(list.getAllByText(v.rules(15, 2, 60))).toHaveLength(2);
    expect(await list.findByText(v.questionnaires('Anamnesi'))).toBeTruthy();
    expect(list.getByText(v.archivedBadge)).toBeTruthy();
    // an archived type cannot be edited or archived again
    expect(list.queryByRole('button', { name: v.editFor('Vecchio controllo') })).toBeNull();
  });

  test('a doctor creates a 60-minute first visit at 90,00 € with a questionnaire: the right JSON is posted', async () => {
    await open(doctor, [
      { method: 'GET', path: LIST, body: [] },
      { method: 'POST', path: `/api/doctors/${DOCTOR}/visit-types`, status: 201, body: firstVisit },
    ]);
    await screen.findByText(v.empty);
    type(v.name, 'Prima visita');
    type(v.duration, '60');
    type(v.price, '90,00');
    type(v.buffer, '15');
    await click(screen.getByLabelText(v.firstVisitOnly));
    await click(await screen.findByLabelText('Anamnesi'));
    expect(screen.getByLabelText(`Diario (${t.questionnaireEditor.inactive})`)).toBeTruthy();
    await click(screen.getByRole('button', { name: v.create }));
    expect(await screen.findByText(v.created('Prima visita'))).toBeTruthy();
    const [post] = calls('POST');
    expect(post.headers['x-csrf-token']).toBe(CSRF);
    expect(post.body).toEqual({
      name: 'Prima visita',
      minutes: 60,
      priceCents: 9000,
      mode: 'studio',
      firstVisitOnly: true,
      followUpOnly: false,
      bufferMinutes: 15,
      noticeMinutes: 120,
      horizonDays: 60,
      questionnaireIds: ['qn1'],
    });
  });

  test('a price that is not an amount is refused before sending; the server refusal is shown in Italian', async () => {
    await open(doctor, [
      { method: 'GET', path: LIST, body: [] },
      {
        method: 'POST',
        path: `/api/doctors/${DOCTOR}/visit-types`,
        status: 400,
        body: { error: { code: 'dati_non_validi', message: 'Nome troppo lungo (al massimo 80 caratteri).' } },
      },
    ]);
    await screen.findByText(v.empty);
    type(v.name, 'Controllo');
    type(v.price, 'cinquanta');
    await click(screen.getByRole('button', { name: v.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(v.priceInvalid);
    expect(calls('POST')).toHaveLength(0);
    type(v.price, '50');
    await click(screen.getByRole('button', { name: v.create }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Nome troppo lungo (al massimo 80 caratteri).'));
  });

  test('editing PUTs the changes; archiving asks first ("Indietro" keeps it) and then POSTs …/archive', async () => {
    await open(doctor, [
      { method: 'GET', path: LIST, body: [firstVisit] },
      { method: 'PUT', path: `/api/doctors/${DOCTOR}/visit-types/vt1`, body: { ...firstVisit, minutes: 90 } },
      { method: 'POST', path: `/api/doctors/${DOCTOR}/visit-types/vt1/archive`, body: { ...firstVisit, archived: true } },
    ]);
    await click(await screen.findByRole('button', { name: v.editFor('Prima visita') }));
    expect((screen.getByLabelText(v.price) as HTMLInputElement).value).toBe('90,00');
    type(v.duration, '90');
    await click(screen.getByRole('button', { name: v.save }));
    expect(await screen.findByText(v.saved('Prima visita'))).toBeTruthy();
    expect(calls('PUT')[0].body).toMatchObject({ minutes: 90, priceCents: 9000, questionnaireIds: ['qn1'] });

    await click(screen.getByRole('button', { name: v.archiveFor('Prima visita') }));
    const dialog = await screen.findByRole('dialog', { name: v.archiveTitle('Prima visita') });
    await click(within(dialog).getByRole('button', { name: v.archiveBack }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST')).toHaveLength(0);
    await click(screen.getByRole('button', { name: v.archiveFor('Prima visita') }));
    await click(within(await screen.findByRole('dialog')).getByRole('button', { name: v.archiveConfirm }));
    expect(await screen.findByText(v.archived('Prima visita'))).toBeTruthy();
    expect(calls('POST')[0].url).toBe(`/api/doctors/${DOCTOR}/visit-types/vt1/archive`);
  });

  test('the front desk first picks a doctor', async () => {
    await open(admin, [
      { method: 'GET', path: '/api/doctors', body: [{ id: DOCTOR, name: 'Giulia Rossi', startHour: 8, endHour: 18 }] },
      { method: 'GET', path: LIST, body: [firstVisit] },
    ]);
    await screen.findByText(v.chooseDoctor);
    fireEvent.change(screen.getByLabelText(v.doctorSelect), { target: { value: DOCTOR } });
    expect(await screen.findByRole('heading', { name: 'Prima visita' })).toBeTruthy();
  });
});
