/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionnaireView, SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { QuestionnaireEditorPage } from './QuestionnaireEditorPage';

const e = t.questionnaireEditor;
const DOCTOR = '11111111-1111-4111-8111-111111111111';
const doctor: SessionUser = { id: DOCTOR, role: 'doctor', name: 'Giulia Rossi' };
const admin: SessionUser = { id: 'a1', role: 'admin', name: 'Segreteria' };

const existing: QuestionnaireView = {
  id: 'qn1',
  doctorId: DOCTOR,
  title: 'Anamnesi',
  definedAt: '2030-01-01T09:00:00Z',
  version: 1,
  active: true,
  answered: false,
  questions: [
    {
      id: 'allergie',
      text: 'Hai allergie?',
      kind: 'radio',
      options: [
        { value: 'si', label: 'Sì', enabler: true },
        { value: 'no', label: 'No' },
      ],
      textInput: { label: 'Quali allergie?' },
    },
    {
      id: 'dieta',
      text: 'Che dieta segui?',
      kind: 'radio',
      handleMore: true,
      options: [
        { value: 'onnivora', label: 'Onnivora' },
        { value: 'altro', label: 'Altra dieta' },
      ],
      textInput: { label: 'Quale dieta?' },
    },
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(user: SessionUser, routes: Route[], path = '/questionari') {
  fetchMock = mockFetch(routes);
  const store = await storeWithSession(user);
  return renderRoutes(store, [{ path: '/questionari', element: <QuestionnaireEditorPage /> }], path);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (el: HTMLElement) => act(async () => void fireEvent.click(el));
const save = () => click(screen.getByRole('button', { name: e.save }));
const posts = () => fetchMock!.calls.filter((c) => c.method === 'POST');

/** two questions: a radio whose last option asks for details, a checkbox with an enabler option */
async function fillTwoQuestions() {
  type(e.titleLabel, 'Prima visita');
  type(e.questionText(1), 'Che dieta segui?');
  type(e.optionLabel(1, 1), 'Onnivora');
  type(e.optionLabel(1, 2), 'Altra dieta');
  await click(screen.getByLabelText(e.handleMoreFor(1)));
  type(e.textLabel(1), 'Quale dieta?');

  await click(screen.getByRole('button', { name: e.addQuestion }));
  type(e.questionText(2), 'Che sport pratichi?');
  fireEvent.change(screen.getByLabelText(e.kind(2)), { target: { value: 'checkbox' } });
  expect(screen.queryByLabelText(e.handleMoreFor(2))).toBeNull();
  type(e.optionLabel(2, 1), 'Corsa');
  type(e.optionLabel(2, 2), 'Nuoto');
  await click(screen.getByRole('button', { name: `${e.addOption} (${e.question(2)})` }));
  type(e.optionLabel(2, 3), 'Altro sport!');
  await click(screen.getByLabelText(e.enablerFor(2, 3)));
  type(e.textLabel(2), 'Quale sport?');
}

describe('QuestionnaireEditorPage (/questionari)', () => {
  test('the list shows each questionnaire read-only: questions, options, enablers, handle-more, text label', async () => {
    await open(doctor, [{ method: 'GET', path: `/api/questionnaires?doctor=${DOCTOR}`, body: [existing] }]);
    const list = await screen.findByRole('list', { name: e.listTitle });
    const l = within(list);
    expect(l.getByRole('heading', { name: 'Anamnesi' })).toBeTruthy();
    expect(l.getByText('Hai allergie?')).toBeTruthy();
    expect(l.getByText('Sì')).toBeTruthy();
    expect(l.getAllByText(e.enablerBadge)).toHaveLength(1);
    expect(l.getByText(e.handleMoreNote)).toBeTruthy();
    expect(l.getByText(e.textInputNote('Quali allergie?'))).toBeTruthy();
    expect(l.getAllByText(`(${e.kinds.radio})`)).toHaveLength(2);
  });

  test('a doctor builds a questionnaire with two questions: the right JSON is posted, then the list is refetched and the form reset', async () => {
    await open(doctor, [
      { method: 'GET', path: `/api/questionnaires?doctor=${DOCTOR}`, body: [] },
      { method: 'POST', path: '/api/questionnaires', status: 201, body: { id: 'qn2' } },
    ]);
    await screen.findByText(e.listEmpty);
    await fillTwoQuestions();
    await save();

    await screen.findByText(e.saved);
    expect(posts()).toHaveLength(1);
    expect(posts()[0].headers['x-csrf-token']).toBe(CSRF);
    expect(posts()[0].body).toEqual({
      title: 'Prima visita',
      questions: [
        {
          id: 'q1',
          text: 'Che dieta segui?',
          kind: 'radio',
          options: [
            { value: 'onnivora', label: 'Onnivora' },
            { value: 'altra-dieta', label: 'Altra dieta' },
          ],
          handleMore: true,
          textInput: { label: 'Quale dieta?' },
        },
        {
          id: 'q2',
          text: 'Che sport pratichi?',
          kind: 'checkbox',
          options: [
            { value: 'corsa', label: 'Corsa' },
            { value: 'nuoto', label: 'Nuoto' },
            { value: 'altro-sport', label: 'Altro sport!', enabler: true },
          ],
          textInput: { label: 'Quale sport?' },
        },
      ],
    });
    await waitFor(() => expect(fetchMock!.calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/questionnaires'))).toHaveLength(2));
    expect((screen.getByLabelText(e.titleLabel) as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText(e.questionText(2))).toBeNull();
  });

  test("the contracts' rules are checked before sending: the first Italian message, nothing posted", async () => {
    await open(doctor, [{ method: 'GET', path: `/api/questionnaires?doctor=${DOCTOR}`, body: [] }]);
    await screen.findByText(e.listEmpty);
    type(e.titleLabel, 'Prima visita');
    type(e.questionText(1), 'Hai allergie?');
    type(e.optionLabel(1, 1), 'Sì');
    type(e.optionLabel(1, 2), 'No');
    await click(screen.getByLabelText(e.enablerFor(1, 1)));
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('La domanda "Hai allergie?" abilita un testo ma non ha il campo di testo');
    expect(posts()).toHaveLength(0);
  });

  test("the server's Italian message of a 400 is shown", async () => {
    await open(doctor, [
      { method: 'GET', path: `/api/questionnaires?doctor=${DOCTOR}`, body: [] },
      { method: 'POST', path: '/api/questionnaires', status: 400, body: { error: { code: 'validation', message: 'Titolo troppo lungo' } } },
    ]);
    await screen.findByText(e.listEmpty);
    await fillTwoQuestions();
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('Titolo troppo lungo');
    expect((screen.getByLabelText(e.titleLabel) as HTMLInputElement).value).toBe('Prima visita');
    await waitFor(() => expect(screen.getByRole('button', { name: e.save }).hasAttribute('disabled')).toBe(false));
  });

  test('the front desk picks the doctor, whose id is sent with the questionnaire', async () => {
    await open(admin, [
      { method: 'GET', path: '/api/doctors', body: [{ id: DOCTOR, name: 'Giulia Rossi', startHour: 8, endHour: 18 }] },
      { method: 'GET', path: `/api/questionnaires?doctor=${DOCTOR}`, body: [existing] },
      { method: 'POST', path: '/api/questionnaires', status: 201, body: { id: 'qn2' } },
    ]);
    await screen.findByText(e.chooseDoctor);
    fireEvent.change(screen.getByLabelText(e.doctorSelect), { target: { value: DOCTOR } });
    await screen.findByRole('heading', { name: 'Anamnesi' });
    await fillTwoQuestions();
    await save();
    await screen.findByText(e.saved);
    expect(posts()[0].body).toMatchObject({ doctorId: DOCTOR, title: 'Prima visita' });
  });

  describe('edit, switch on/off, delete, visit types', () => {
    const list = (body: QuestionnaireView[]) => ({ method: 'GET', path: `/api/questionnaires?doctor=${DOCTOR}`, body });
    const types = {
      method: 'GET',
      path: `/api/doctors/${DOCTOR}/visit-types?all=1`,
      body: [{ id: 'vt1', name: 'Prima visita', questionnaireIds: ['qn1'], archived: false }],
    };
    const calls = (method: string) => fetchMock!.calls.filter((c) => c.method === method);

    test('each card shows its version, whether it is active and the visit types naming it', async () => {
      await open(doctor, [list([existing, { ...existing, id: 'qn2', title: 'Diario', version: 3, active: false }]), types]);
      const cards = await screen.findAllByRole('heading', { level: 3 });
      expect(cards.map((h) => h.textContent)).toEqual(['Anamnesi', 'Diario']);
      expect(screen.getByText(e.version(3))).toBeTruthy();
      expect(screen.getByText(e.inactive)).toBeTruthy();
      expect(await screen.findByText(e.assignedTo('Prima visita'))).toBeTruthy();
      expect(screen.getByText(e.assignedNone)).toBeTruthy();
    });

    test('editing loads the questionnaire into the form and PUTs the new version; the list is read again', async () => {
      await open(doctor, [list([existing]), types, { method: 'PUT', path: '/api/questionnaires/qn1', body: { ...existing, title: 'Anamnesi 2', version: 2 } }]);
      await click(await screen.findByRole('button', { name: e.editFor('Anamnesi') }));
      expect(screen.getByRole('heading', { name: e.editTitle('Anamnesi', 2) })).toBeTruthy();
      expect((screen.getByLabelText(e.titleLabel) as HTMLInputElement).value).toBe('Anamnesi');
      expect((screen.getByLabelText(e.questionText(2)) as HTMLInputElement).value).toBe('Che dieta segui?');
      type(e.titleLabel, 'Anamnesi 2');
      await click(screen.getByRole('button', { name: e.saveEdit }));
      await screen.findByText(e.edited(2));
      const [put] = calls('PUT');
      expect(put.url).toBe('/api/questionnaires/qn1');
      expect(put.headers['x-csrf-token']).toBe(CSRF);
      expect(put.body).toMatchObject({
        title: 'Anamnesi 2',
        questions: [
          { text: 'Hai allergie?', kind: 'radio' },
          { text: 'Che dieta segui?', handleMore: true },
        ],
      });
      expect(put.body).not.toHaveProperty('doctorId');
      // back to a new questionnaire
      expect(screen.getByRole('heading', { name: e.newTitle })).toBeTruthy();
      await waitFor(() => expect(calls('GET').filter((c) => c.url.startsWith('/api/questionnaires'))).toHaveLength(2));
    });

    test('switching off PUTs active: false; a refusal is shown in Italian', async () => {
      await open(doctor, [list([existing]), types, { method: 'PUT', path: '/api/questionnaires/qn1/active', body: { ...existing, active: false } }]);
      await click(await screen.findByRole('button', { name: e.switchOffFor('Anamnesi') }));
      await waitFor(() => expect(calls('PUT')).toHaveLength(1));
      expect(calls('PUT')[0].body).toEqual({ active: false });
      fetchMock!.restore();
      fetchMock = mockFetch([
        list([existing]),
        types,
        {
          method: 'PUT',
          path: '/api/questionnaires/qn1/active',
          status: 403,
          body: { error: { code: 'vietato', message: 'Puoi modificare solo i tuoi questionari.' } },
        },
      ]);
      // the button is disabled while the first switch is in flight: wait for the state, then click
      const again = screen.getByRole('button', { name: e.switchOffFor('Anamnesi') }) as HTMLButtonElement;
      await waitFor(() => expect(again.disabled).toBe(false));
      await click(again);
      expect((await screen.findByRole('alert')).textContent).toContain('Puoi modificare solo i tuoi questionari.');
    });

    test('deleting asks first ("Indietro" keeps it); confirming sends DELETE; an answered one cannot be deleted', async () => {
      await open(doctor, [
        list([existing, { ...existing, id: 'qn2', title: 'Compilato', answered: true }]),
        types,
        { method: 'DELETE', path: '/api/questionnaires/qn1', status: 204 },
      ]);
      expect(((await screen.findByRole('button', { name: e.removeFor('Compilato') })) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(e.answeredNote)).toBeTruthy();
      await click(screen.getByRole('button', { name: e.removeFor('Anamnesi') }));
      const dialog = await screen.findByRole('dialog', { name: e.removeTitle('Anamnesi') });
      await click(within(dialog).getByRole('button', { name: e.removeBack }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls('DELETE')).toHaveLength(0);
      await click(screen.getByRole('button', { name: e.removeFor('Anamnesi') }));
      await click(within(await screen.findByRole('dialog')).getByRole('button', { name: e.removeConfirm }));
      await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
      expect(calls('DELETE')[0].url).toBe('/api/questionnaires/qn1');
    });

    test("the server's 409 for an answered questionnaire is shown inside the dialog", async () => {
      const message = 'Questo questionario ha già delle risposte: non si può eliminare. Puoi disattivarlo, così nessun paziente lo riceverà più.';
      await open(doctor, [
        list([existing]),
        types,
        { method: 'DELETE', path: '/api/questionnaires/qn1', status: 409, body: { error: { code: 'questionario_con_risposte', message } } },
      ]);
      await click(await screen.findByRole('button', { name: e.removeFor('Anamnesi') }));
      const dialog = await screen.findByRole('dialog');
      await click(within(dialog).getByRole('button', { name: e.removeConfirm }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    });
  });
});
