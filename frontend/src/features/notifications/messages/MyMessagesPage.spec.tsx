/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { EMERGENCY_NOTICE, MESSAGES_CHANGED, MESSAGES_WATCH, type MyMessagesView } from '@studio/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { it as t } from '../../../i18n/it';
import { FakeSocket } from '../../../test/fakeSocket';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { MessagesPage } from './MessagesPage';

const mockSocket = new FakeSocket();
jest.mock('../../../lib/socket', () => ({ getSharedSocket: () => mockSocket, disconnectSharedSocket: () => undefined }));

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

const message = (id: string, fromPatient: boolean, text: string) => ({
  id,
  fromPatient,
  authorId: fromPatient ? 'p1' : 'd1',
  text,
  at: '2030-03-04T09:00:00.000Z',
  attachment: null,
});
const view = (doctorMessages: ReturnType<typeof message>[], unread: number): MyMessagesView => ({
  replyHours: 'lun–ven 9–13',
  emergencyNotice: EMERGENCY_NOTICE,
  conversations: [
    { with: 'd1', name: 'Dott.ssa Giulia Rossi', unread, canWrite: true, messages: doctorMessages },
    { with: 'segreteria', name: 'Segreteria', unread: 0, canWrite: true, messages: [] },
  ],
});

describe('/messaggi for a patient', () => {
  test('shows the 112 notice and reply hours, the unread count, marks the open conversation read, sends a message', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/messages', body: view([message('m1', false, 'Buongiorno, come va la dieta?')], 1) },
      { method: 'POST', path: '/api/me/messages/read', body: { unread: 0 } },
      { method: 'POST', path: '/api/me/messages', status: 201, body: message('m2', true, 'Bene, grazie') },
    ]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    renderRoutes(store, [{ path: '/messaggi', element: <MessagesPage /> }], '/messaggi');
    expect(await screen.findByText('Buongiorno, come va la dieta?')).toBeTruthy();
    expect(screen.getByText(EMERGENCY_NOTICE)).toBeTruthy();
    expect(screen.getByText(t.messages.replyHours('lun–ven 9–13'))).toBeTruthy();
    expect(screen.getByLabelText(t.messages.unread(1)).textContent).toBe('1');
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(fetchMock.calls.find((c) => c.url === '/api/me/messages/read')?.body).toEqual({ with: 'd1' });

    fireEvent.change(screen.getByLabelText(t.messages.write), { target: { value: 'Bene, grazie' } });
    fireEvent.click(screen.getByRole('button', { name: t.messages.send }));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(fetchMock.calls.find((c) => c.method === 'POST' && c.url === '/api/me/messages')?.body).toEqual({ to: 'd1', text: 'Bene, grazie' });
  });

  test('live: a change heard on the socket reads the conversations again', async () => {
    fetchMock = mockFetch([{ method: 'GET', path: '/api/me/messages', body: view([], 0) }]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    renderRoutes(store, [{ path: '/messaggi', element: <MessagesPage /> }], '/messaggi');
    expect(await screen.findByText(t.messages.empty)).toBeTruthy();
    await act(async () => mockSocket.connect());
    expect(mockSocket.emitted.some((e) => e.event === MESSAGES_WATCH)).toBe(true);
    fetchMock.restore();
    fetchMock = mockFetch([{ method: 'GET', path: '/api/me/messages', body: view([message('m9', false, 'Nuovo dallo studio')], 1) }]);
    await act(async () => mockSocket.receive(MESSAGES_CHANGED, { patientId: 'p1', with: 'd1', unread: 1, position: 9 }));
    expect(await screen.findByText('Nuovo dallo studio')).toBeTruthy();
  });

  test('switches conversations, and a server refusal is shown in Italian', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/me/messages', body: view([], 0) },
      {
        method: 'POST',
        path: '/api/me/messages',
        status: 403,
        body: { error: { code: 'conversazione_non_ammessa', message: 'Puoi scrivere solo ai medici che ti seguono.' } },
      },
    ]);
    const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
    renderRoutes(store, [{ path: '/messaggi', element: <MessagesPage /> }], '/messaggi');
    const list = await screen.findByRole('heading', { name: t.messages.conversations });
    expect(list).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Segreteria' }));
    expect(screen.getByRole('heading', { name: t.messages.conversationWith('Segreteria') })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.messages.write), { target: { value: 'Posso spostare?' } });
    fireEvent.click(screen.getByRole('button', { name: t.messages.send }));
    expect(await screen.findByText('Puoi scrivere solo ai medici che ti seguono.')).toBeTruthy();
    expect(fetchMock.calls.find((c) => c.method === 'POST')?.body).toEqual({ to: 'segreteria', text: 'Posso spostare?' });
    within(document.body);
  });
});

describe('/messaggi for staff', () => {
  test('lists the unread conversations by patient; a doctor files a patient’s file into the record', async () => {
    fetchMock = mockFetch([
      {
        method: 'GET',
        path: '/api/messages/unread',
        body: { total: 2, patients: [{ patientId: 'p1', name: 'Luca Verdi', unread: 2, lastAt: '2030-03-04T09:00:00.000Z' }] },
      },
      {
        method: 'GET',
        path: '/api/patients/p1/messages',
        body: {
          with: 'd1',
          name: 'Luca Verdi',
          unread: 0,
          canWrite: true,
          messages: [{ ...message('m1', true, ''), attachment: { id: 'a1', name: 'esami.pdf', mediaType: 'application/pdf', sizeBytes: 100, filedAs: null } }],
        },
      },
      { method: 'POST', path: '/api/patients/p1/messages/m1/file-into-record', status: 201, body: { id: 'r1', name: 'esami.pdf' } },
    ]);
    const store = await storeWithSession({ id: 'd1', role: 'doctor', name: 'Giulia Rossi' });
    const { router } = renderRoutes(
      store,
      [
        { path: '/messaggi', element: <MessagesPage /> },
        { path: '/messaggi/:patientId', element: <MessagesPage /> },
      ],
      '/messaggi',
    );
    fireEvent.click(await screen.findByRole('link', { name: /Luca Verdi/ }));
    expect(router.state.location.pathname).toBe('/messaggi/p1');
    expect((await screen.findByRole('link', { name: t.messages.file('esami.pdf') })).getAttribute('href')).toBe('/api/patients/p1/messages/m1/file');
    fireEvent.click(screen.getByRole('button', { name: t.messages.fileIntoRecord }));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(fetchMock.calls.some((c) => c.method === 'POST' && c.url === '/api/patients/p1/messages/m1/file-into-record')).toBe(true);
  });

  test('the segreteria sets the reply hours the patients read', async () => {
    fetchMock = mockFetch([
      { method: 'GET', path: '/api/messages/unread', body: { total: 0, patients: [] } },
      { method: 'GET', path: '/api/messages/reply-hours', body: { replyHours: null } },
      { method: 'PUT', path: '/api/messages/reply-hours', body: { replyHours: 'lun–ven 9–13' } },
    ]);
    const store = await storeWithSession({ id: 'a1', role: 'admin', name: 'Segreteria' });
    renderRoutes(store, [{ path: '/messaggi', element: <MessagesPage /> }], '/messaggi');
    expect(await screen.findByText(t.messages.staffEmpty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.messages.replyHoursLabel), { target: { value: 'lun–ven 9–13' } });
    fireEvent.click(screen.getByRole('button', { name: t.messages.replyHoursSave }));
    expect(await screen.findByText(t.messages.replyHoursSaved)).toBeTruthy();
    expect(fetchMock.calls.find((c) => c.method === 'PUT')?.body).toEqual({ text: 'lun–ven 9–13' });
  });
});
