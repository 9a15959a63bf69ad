/** @jest-environment jsdom */
import { mockFetch, type Route } from '../../../test/setupDom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Question } from '@studio/contracts';
import { localClock } from '../../../lib/dates';
import { it as t } from '../../../i18n/it';
import { CSRF, renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { QuestionnairePage } from './QuestionnairePage';

const routes = [
  { path: '/prenota/questionario', element: <QuestionnairePage /> },
  { path: '/home', element: <p>home</p> },
  { path: '/pagamento', element: <p>pagamento</p> },
];

const questions: Question[] = [
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
  {
    id: 'sport',
    text: 'Che sport pratichi?',
    kind: 'checkbox',
    options: [
      { value: 'corsa', label: 'Corsa' },
      { value: 'altro', label: 'Altro sport', enabler: true },
    ],
    textInput: { label: 'Quale sport?' },
  },
];
const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
const myBookings = [
  { id: 'b1', doctorId: 'd1', doctorName: 'Giulia Rossi', start: '2030-01-07T09:00:00Z', end: '2030-01-07T09:30:00Z', status: 'held', expiresAt },
];

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(extra: Route[] = [], path = '/prenota/questionario?booking=b1&doctor=d1') {
  fetchMock = mockFetch([
    ...extra,
    { method: 'GET', path: '/api/me/bookings', body: myBookings },
    { method: 'GET', path: '/api/questionnaires?doctor=d1&booking=b1', body: [{ id: 'qn1', doctorId: 'd1', title: 'Anamnesi', questions }] },
  ]);
  const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
  return renderRoutes(store, routes, path);
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: t.questionnaire.submit })));

describe('QuestionnairePage (/prenota/questionario)', () => {
  test("shows the hold's expiry in Italian and each question with its inputs", async () => {
    await open();
    await screen.findByText('Anamnesi');
    await screen.findByText(new RegExp(t.hold.reservedUntil(localClock(expiresAt))));
    expect(input('Sì').type).toBe('radio');
    expect(input('Corsa').type).toBe('checkbox');
    expect(input('Sì').classList.contains('enabler')).toBe(true);
    expect(input('Altro sport').classList.contains('enabler')).toBe(true);
    expect(input('Onnivora').classList.contains('handle-more')).toBe(true);
    expect(document.getElementById('questionnaire')!.classList.contains('needs-validation')).toBe(true);
    for (const label of ['Quali allergie?', 'Quale dieta?', 'Quale sport?']) {
      expect(input(label).disabled).toBe(true);
      expect(input(label).required).toBe(false);
    }
  });

  test('enabler rules in the page: enabler radio/checkbox and the handle-more last option enable and require the text', async () => {
    await open();
    await screen.findByText('Anamnesi');
    fireEvent.click(input('Sì'));
    expect(input('Quali allergie?')).toMatchObject({ disabled: false, required: true });
    fireEvent.click(input('No'));
    expect(input('Quali allergie?')).toMatchObject({ disabled: true, required: false });

    fireEvent.click(input('Altra dieta'));
    expect(input('Quale dieta?')).toMatchObject({ disabled: false, required: true });
    fireEvent.click(input('Onnivora'));
    expect(input('Quale dieta?')).toMatchObject({ disabled: true, required: false });

    fireEvent.click(input('Corsa'));
    expect(input('Quale sport?')).toMatchObject({ disabled: true, required: false });
    fireEvent.click(input('Altro sport'));
    expect(input('Quale sport?')).toMatchObject({ disabled: false, required: true });
    fireEvent.click(input('Altro sport'));
    expect(input('Quale sport?')).toMatchObject({ disabled: true, required: false });
  });

  test('blocked while a radio is unanswered or an enabled text is empty', async () => {
    await open();
    await screen.findByText('Anamnesi');
    await submit();
    fireEvent.click(input('Sì'));
    fireEvent.click(input('Onnivora'));
    await submit();
    expect(fetchMock!.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(document.getElementById('questionnaire')!.classList.contains('was-validated')).toBe(true);
  });

  test('sends the answers (text only where enabled) and goes to the payment page', async () => {
    const { router } = await open([{ method: 'POST', path: '/api/questionnaires/qn1/answers', status: 201, body: { ok: true } }]);
    await screen.findByText('Anamnesi');
    fireEvent.click(input('Altra dieta'));
    fireEvent.change(input('Quale dieta?'), { target: { value: 'vegana' } });
    fireEvent.click(input('Onnivora')); // the text stays typed but is disabled now: not sent
    fireEvent.click(input('Sì'));
    fireEvent.change(input('Quali allergie?'), { target: { value: ' polline ' } });
    fireEvent.click(input('Corsa'));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pagamento'));
    expect(router.state.location.search).toBe('?booking=b1');
    const post = fetchMock!.calls.find((c) => c.method === 'POST')!;
    expect(post.headers['x-csrf-token']).toBe(CSRF);
    expect(post.body).toEqual({
      answers: {
        allergie: { choices: ['si'], text: 'polline' },
        dieta: { choices: ['onnivora'] },
        sport: { choices: ['corsa'] },
      },
    });
  });

  test("a refused submission shows the server's message", async () => {
    await open([
      {
        method: 'POST',
        path: '/api/questionnaires/qn1/answers',
        status: 400,
        body: { error: { code: 'testo_mancante', message: 'Specifica la risposta alla domanda "Hai allergie?"' } },
      },
    ]);
    await screen.findByText('Anamnesi');
    fireEvent.click(input('No'));
    fireEvent.click(input('Onnivora'));
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Specifica la risposta alla domanda');
  });

  test('a doctor without questionnaires: continue to the payment page', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/bookings', body: myBookings },
      { method: 'GET', path: '/api/questionnaires?doctor=d1&booking=b1', body: [] },
    ]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    const { router } = renderRoutes(store, routes, '/prenota/questionario?booking=b1&doctor=d1');
    fireEvent.click(await screen.findByRole('button', { name: t.questionnaire.continue }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pagamento'));
    expect(router.state.location.search).toBe('?booking=b1');
  });

  test('an expired hold says so and offers to choose again', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/bookings', body: [{ ...myBookings[0], status: 'expired' }] },
      { method: 'GET', path: '/api/questionnaires?doctor=d1&booking=b1', body: [] },
    ]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    renderRoutes(store, routes, '/prenota/questionario?booking=b1&doctor=d1');
    await screen.findByText(t.hold.expired);
    expect(screen.getByRole('link', { name: t.hold.chooseAgain }).getAttribute('href')).toBe('/prenota');
  });

  test('without booking and doctor in the address: a notice', async () => {
    await open([], '/prenota/questionario');
    const link = screen.getByRole('link', { name: t.hold.chooseAgain });
    expect(within(link.parentElement!).getByText(t.questionnaire.missingParams)).toBeTruthy();
  });
});
