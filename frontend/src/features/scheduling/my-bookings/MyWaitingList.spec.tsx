/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WaitingListEntryView } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { renderRoutes, storeWithSession } from '../../../test/renderWithStore';
import { MyWaitingList } from './MyWaitingList';

const entry = (id: string, doctorName: string): WaitingListEntryView => ({
  id,
  doctorId: `d-${id}`,
  doctorName,
  from: '2030-03-05',
  to: '2030-03-06',
  status: 'waiting',
});

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(leave: { status?: number; body: unknown }) {
  fetchMock = mockFetch([
    { method: 'GET', path: '/api/me/waiting-list', body: [entry('e1', 'Dott.ssa Anna Rossi'), entry('e2', 'Dott. Marco Bianchi')] },
    { method: 'DELETE', path: '/api/waiting-list/e1', ...leave },
  ]);
  const store = await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' });
  return renderRoutes(store, [{ path: '/home', element: <MyWaitingList /> }], '/home');
}

describe('/home: the patient’s waiting lists', () => {
  test('"Esci dalla lista" leaves that line only; the list shows what the server answers', async () => {
    await open({ body: [entry('e2', 'Dott. Marco Bianchi')] });
    fireEvent.click(await screen.findByRole('button', { name: t.waitingList.leaveLabel('Dott.ssa Anna Rossi') }));
    await waitFor(() => expect(screen.queryByText(/Anna Rossi/)).toBeNull());
    expect(screen.getByText(/Marco Bianchi/)).toBeTruthy();
    expect(fetchMock!.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/waiting-list/e1']);
  });

  test('a refusal says why, in Italian, and the line is still shown', async () => {
    await open({ status: 409, body: { error: { code: 'non_in_lista', message: 'Non sei più in questa lista d’attesa.' } } });
    fireEvent.click(await screen.findByRole('button', { name: t.waitingList.leaveLabel('Dott.ssa Anna Rossi') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Non sei più in questa lista d’attesa.');
    expect(screen.getByText(/Anna Rossi/)).toBeTruthy();
  });
});
