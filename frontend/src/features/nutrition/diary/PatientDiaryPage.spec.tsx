/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen } from '@testing-library/react';
import type { DiaryView, SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { PatientDiaryPage } from './PatientDiaryPage';

const doctor: SessionUser = { id: 'd1', role: 'doctor', name: 'Giulia Rossi' };
const diary: DiaryView = {
  patientId: 'p1',
  from: '2030-02-11',
  to: '2030-03-10',
  entries: [
    {
      id: 'e1',
      date: '2030-03-04',
      meal: 'cena',
      text: 'Pesce e patate',
      itemNames: {},
      photoUrl: '/api/patients/p1/diary/e1/photo?v=f1',
      loggedAt: '2030-03-04T20:00:00.000Z',
      comments: [],
    },
    { id: 'e2', date: '2030-03-05', meal: 'colazione', text: 'Caffè e fette biscottate', itemNames: {}, photoUrl: null, loggedAt: '', comments: [] },
  ],
  adherence: [{ weekStart: '2030-03-04', mealsLogged: 2, mealsExpected: 23, percent: 9, daysWithPlan: 3 }],
};

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

const render = async () =>
  renderRoutes(await storeWithSession(doctor), [{ path: '/pazienti/:patientId/diario', element: <PatientDiaryPage /> }], '/pazienti/p1/diario');

describe("the doctor's view of a patient's diary", () => {
  it('shows the days with photos and the weekly adherence, over four weeks', async () => {
    fetchMock = mockFetch([{ method: 'GET', path: /^\/api\/patients\/p1\/diary\?/, body: diary }]);
    await render();
    expect(await screen.findByText('Pesce e patate')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Foto del pasto: Cena/ })).toBeTruthy();
    expect(screen.getByText(t.diary.adherenceLine(2, 23))).toBeTruthy();
    expect(screen.getByText('piano per 3 giorni')).toBeTruthy();
    const url = new URL(fetchMock.calls[0].url, 'http://x');
    const days = (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 86_400_000 + 1;
    expect(days).toBe(28);
    expect(new Date(`${url.searchParams.get('from')}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('comments an entry; the comment goes to that entry', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: /^\/api\/patients\/p1\/diary\?/, body: diary },
      { method: 'POST', path: '/api/patients/p1/diary/e1/comments', status: 201, body: { id: 'c1' } },
    ]);
    await render();
    const box = await screen.findByLabelText(/^Commento a Cena del /);
    fireEvent.change(box, { target: { value: 'Ottima scelta' } });
    await act(async () => void fireEvent.submit(box.closest('form')!));
    expect(await screen.findByText(t.diary.commentSent)).toBeTruthy();
    expect(fetchMock.calls.find((c) => c.method === 'POST')!.body).toEqual({ text: 'Ottima scelta' });
  });

  it("shows the server's refusal in Italian", async () => {
    fetchMock = mockFetch([
      {
        method: 'GET',
        path: /^\/api\/patients\/p1\/diary\?/,
        status: 403,
        body: { error: { code: 'paziente_non_seguito', message: 'Puoi leggere e commentare solo il diario dei pazienti che segui.' } },
      },
    ]);
    await render();
    expect(await screen.findByText('Puoi leggere e commentare solo il diario dei pazienti che segui.')).toBeTruthy();
  });
});
