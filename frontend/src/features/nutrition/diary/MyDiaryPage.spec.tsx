/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { DiaryEntryView, DiaryView, SessionUser } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { MyDiaryPage } from './MyDiaryPage';
import { localToday, weekOf } from './diaryDates';

const patient: SessionUser = { id: 'p1', role: 'patient', name: 'Luca Verdi' };
const lunch: DiaryEntryView = {
  id: 'e1',
  date: '2030-03-04',
  meal: 'pranzo',
  time: '13:15',
  text: 'Pasta al pomodoro',
  items: [{ foodId: 'studio-1', grams: 80 }],
  itemNames: { 'studio-1': 'Pane integrale' },
  hunger: 4,
  satiety: 3,
  photoUrl: '/api/patients/p1/diary/e1/photo?v=f1',
  loggedAt: '2030-03-04T12:20:00.000Z',
  comments: [{ id: 'c1', doctorId: 'd1', doctorName: 'Giulia Rossi', text: 'Bene la verdura', at: '2030-03-04T18:00:00.000Z' }],
};
const week = weekOf(localToday());
const diary = (entries: DiaryEntryView[]): DiaryView => ({ patientId: 'p1', ...week, entries, adherence: [] });
const routes = (entries: DiaryEntryView[], extra: Parameters<typeof mockFetch>[0] = []) => [
  ...extra,
  { method: 'GET', path: /^\/api\/me\/diary\?/, body: diary(entries) },
  { method: 'GET', path: '/api/me/self-measurements', body: [] },
];

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

const render = async () => renderRoutes(await storeWithSession(patient), [{ path: '/diario', element: <MyDiaryPage /> }], '/diario');

describe("the patient's food diary (/diario)", () => {
  it("lists the week's meals by day with foods, photo and the doctor's comment", async () => {
    fetchMock = mockFetch(routes([lunch]));
    await render();
    expect(await screen.findByText('Pasta al pomodoro')).toBeTruthy();
    expect(screen.getByText(/Pane integrale/)).toBeTruthy();
    expect((screen.getByRole('img', { name: /Foto del pasto: Pranzo/ }) as HTMLImageElement).src).toContain('/api/patients/p1/diary/e1/photo');
    expect(screen.getByText('Bene la verdura')).toBeTruthy();
    expect(screen.getByText(t.diary.hungerSatiety('4', '3'))).toBeTruthy();
    const call = fetchMock.calls.find((c) => c.url.startsWith('/api/me/diary?'))!;
    expect(call.url).toBe(`/api/me/diary?from=${week.from}&to=${week.to}`);
  });

  it('logs a meal with a catalogue food and a photo from the camera, then sends the photo as the body', async () => {
    fetchMock = mockFetch(
      routes(
        [],
        [
          { method: 'GET', path: '/api/me/diary/foods?q=pane', body: { items: [{ id: 'studio-1', name: 'Pane integrale' }] } },
          { method: 'POST', path: '/api/me/diary', status: 201, body: { id: 'nuovo' } },
          { method: 'PUT', path: '/api/me/diary/nuovo/photo', status: 201, body: { photoUrl: '/api/patients/p1/diary/nuovo/photo?v=x' } },
        ],
      ),
    );
    await render();
    expect(await screen.findByText(t.diary.empty)).toBeTruthy();
    const photo = screen.getByLabelText(t.diary.photo) as HTMLInputElement;
    expect(photo.getAttribute('accept')).toBe('image/*');
    expect(photo.getAttribute('capture')).toBe('environment');

    fireEvent.change(screen.getByLabelText(t.diary.meal), { target: { value: 'cena' } });
    fireEvent.change(screen.getByLabelText(t.diary.whatYouAte), { target: { value: 'Minestrone' } });
    fireEvent.change(screen.getByRole('textbox', { name: t.diary.foodSearch }), { target: { value: 'pane' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.diary.search })));
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: t.diary.add('Pane integrale') })));
    fireEvent.change(screen.getByLabelText(t.diary.grams('Pane integrale')), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText(t.diary.hunger), { target: { value: '2' } });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'piatto.jpg', { type: 'image/jpeg' });
    fireEvent.change(photo, { target: { files: [file] } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.diary.save })));

    expect(await screen.findByText(t.diary.saved)).toBeTruthy();
    const post = fetchMock.calls.find((c) => c.method === 'POST' && c.url === '/api/me/diary')!;
    expect(post.body).toMatchObject({ meal: 'cena', text: 'Minestrone', items: [{ foodId: 'studio-1', grams: 60 }], hunger: 2 });
    expect(post.body).not.toHaveProperty('satiety');
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/me/diary/nuovo/photo');
    expect(put.headers['content-type']).toBe('image/jpeg');
  });

  it("shows the server's Italian refusal and keeps what was typed", async () => {
    fetchMock = mockFetch(
      routes([], [{ method: 'POST', path: '/api/me/diary', status: 400, body: { error: { code: 'x', message: 'La data del pasto è nel futuro.' } } }]),
    );
    await render();
    await screen.findByText(t.diary.empty);
    fireEvent.change(screen.getByLabelText(t.diary.whatYouAte), { target: { value: 'Pizza' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.diary.save })));
    expect(await screen.findByText('La data del pasto è nel futuro.')).toBeTruthy();
    expect((screen.getByLabelText(t.diary.whatYouAte) as HTMLTextAreaElement).value).toBe('Pizza');
  });

  it('deletes an entry after asking', async () => {
    fetchMock = mockFetch(routes([lunch], [{ method: 'DELETE', path: '/api/me/diary/e1', status: 204 }]));
    await render();
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: /^Elimina Pranzo del / })));
    const dialog = await screen.findByRole('dialog');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: t.diary.delete })));
    expect(fetchMock.calls.some((c) => c.method === 'DELETE' && c.url === '/api/me/diary/e1')).toBe(true);
  });

  it('edits an entry in the same form, filled with what it says, and sends it with PUT', async () => {
    // an entry of today: the form's date may not pass today
    const today = { ...lunch, date: localToday() };
    fetchMock = mockFetch(routes([today], [{ method: 'PUT', path: '/api/me/diary/e1', body: { ...today, text: 'Pasta in bianco' } }]));
    await render();
    await act(async () => void fireEvent.click(await screen.findByRole('button', { name: /^Modifica Pranzo del / })));
    expect(screen.getByRole('heading', { name: t.diary.editEntry })).toBeTruthy();
    const text = screen.getByLabelText(t.diary.whatYouAte) as HTMLTextAreaElement;
    expect(text.value).toBe('Pasta al pomodoro');
    expect((screen.getByLabelText(t.diary.meal) as HTMLSelectElement).value).toBe('pranzo');
    expect((screen.getByLabelText(t.diary.grams('Pane integrale')) as HTMLInputElement).value).toBe('80');
    fireEvent.change(text, { target: { value: 'Pasta in bianco' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.diary.save })));
    const put = fetchMock.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/me/diary/e1');
    expect(put.body).toMatchObject({
      date: today.date,
      meal: 'pranzo',
      time: '13:15',
      text: 'Pasta in bianco',
      items: [{ foodId: 'studio-1', grams: 80 }],
      hunger: 4,
      satiety: 3,
    });
    // back to a new entry
    expect(await screen.findByRole('heading', { name: t.diary.newEntry })).toBeTruthy();
  });

  it('logs the weight measured at home', async () => {
    fetchMock = mockFetch(
      routes(
        [],
        [
          {
            method: 'POST',
            path: '/api/me/measurements',
            status: 201,
            body: { id: 'm1', date: '2030-03-04', weightKg: 70.5, selfReported: true, acceptedAs: null, loggedAt: '' },
          },
        ],
      ),
    );
    await render();
    await screen.findByText(t.diary.empty);
    fireEvent.change(screen.getByLabelText(t.diary.weight), { target: { value: '70,5' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: t.diary.saveWeight })));
    expect(await screen.findByText(t.diary.weightSaved)).toBeTruthy();
    expect(fetchMock.calls.find((c) => c.url === '/api/me/measurements')!.body).toMatchObject({ weightKg: 70.5 });
  });
});
