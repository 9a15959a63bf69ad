/** @jest-environment jsdom */
import { mockFetch } from '../../../test/setupDom';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithStore, storeWithSession } from '../../../test/renderWithStore';
import { WaitingListForm } from './WaitingListForm';

let fetchMock: ReturnType<typeof mockFetch> | undefined;
afterEach(() => fetchMock?.restore());

async function open(status: number, body: unknown) {
  fetchMock = mockFetch([{ method: 'POST', path: '/api/waiting-list', status, body }]);
  renderWithStore(
    await storeWithSession({ id: 'p1', role: 'patient', name: 'Luca Verdi' }),
    <WaitingListForm doctorId="d1" firstDay="2030-03-04" lastDay="2030-03-31" />,
  );
  fireEvent.change(screen.getByLabelText('Dal giorno'), { target: { value: '2030-03-10' } });
}

describe('WaitingListForm', () => {
  it('defaults to the whole horizon, posts the doctor and the days, then says the patient is in line', async () => {
    await open(201, { id: 'e1', doctorId: 'd1', doctorName: 'Giulia Rossi', from: '2030-03-10', to: '2030-03-12', status: 'waiting' });
    // by default the whole horizon, and "al giorno" never past it
    const dates = [...document.querySelectorAll<HTMLInputElement>('input[type=date]')];
    expect(dates.map((d) => d.value)).toEqual(['2030-03-10', '2030-03-31']);
    expect(dates[1].max).toBe('2030-03-31');
    fireEvent.change(screen.getByLabelText('Al giorno'), { target: { value: '2030-03-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mettimi in lista d’attesa' }));
    expect((await screen.findByRole('status')).textContent).toContain('Sei in lista d’attesa');
    expect(fetchMock!.calls.map((c) => c.body)).toEqual([{ doctor_id: 'd1', from: '2030-03-10', to: '2030-03-12' }]);
  });

  it("a refusal shows the server's Italian message and keeps the form", async () => {
    await open(409, { error: { code: 'gia_in_lista', message: 'Sei già in lista d’attesa per questo medico.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mettimi in lista d’attesa' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sei già in lista d’attesa per questo medico.');
    expect(screen.getByRole('button', { name: 'Mettimi in lista d’attesa' })).toBeTruthy();
  });
});
