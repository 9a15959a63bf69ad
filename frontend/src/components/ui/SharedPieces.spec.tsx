/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog, DoctorPicker, QuerySection, type QueryState } from './index';

const DOCTORS = [
  { id: 'd1', name: 'Dr.ssa Rossi' },
  { id: 'd2', name: 'Dr. Bianchi' },
];

describe('DoctorPicker', () => {
  test('a select named by its label, with the placeholder first and the doctors by name; a choice gives the id', () => {
    const onChange = jest.fn();
    render(<DoctorPicker id="agenda-doctor" label="Medico curante" placeholder="Scegli un medico…" doctors={DOCTORS} value="" onChange={onChange} />);
    const select = screen.getByLabelText('Medico curante') as HTMLSelectElement;
    expect(select.id).toBe('agenda-doctor');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Scegli un medico…'],
      ['d1', 'Dr.ssa Rossi'],
      ['d2', 'Dr. Bianchi'],
    ]);
    fireEvent.change(select, { target: { value: 'd2' } });
    expect(onChange).toHaveBeenCalledWith('d2');
  });

  test('without a placeholder only the doctors; no list yet: an empty select', () => {
    const { rerender } = render(<DoctorPicker id="fiscal-doctor" label="Medico" doctors={DOCTORS} value="d1" onChange={() => undefined} />);
    const select = screen.getByRole('combobox', { name: 'Medico' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['d1', 'd2']);
    expect(select.value).toBe('d1');
    rerender(<DoctorPicker id="fiscal-doctor" label="Medico" doctors={undefined} value="" onChange={() => undefined} disabled />);
    expect(select.options).toHaveLength(0);
    expect(select.disabled).toBe(true);
  });
});

describe('ConfirmDialog', () => {
  function Opener({ onConfirm, error = null, initialFocus }: { onConfirm: () => void; error?: string | null; initialFocus?: 'back' | 'dialog' }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Archivia</button>
        <ConfirmDialog
          show={open}
          titleId="archive-title"
          title="Archiviare la visita?"
          error={error}
          backLabel="Indietro"
          confirmLabel="Archivia la visita"
          initialFocus={initialFocus}
          onBack={() => setOpen(false)}
          onConfirm={onConfirm}
        >
          <p>Non sarà più prenotabile.</p>
        </ConfirmDialog>
      </>
    );
  }

  test('a modal dialog named by its title, focus on the back button; closing gives focus back to the opener', async () => {
    const onConfirm = jest.fn();
    render(<Opener onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Archivia' });
    opener.focus();
    await act(async () => void fireEvent.click(opener));
    const dialog = await screen.findByRole('dialog', { name: 'Archiviare la visita?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Non sarà più prenotabile.');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Indietro' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archivia la visita' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Indietro' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  test('a refusal is an alert inside the dialog; a dialog with a field to fill starts on the dialog itself', async () => {
    render(<Opener onConfirm={() => undefined} error="Già archiviata." initialFocus="dialog" />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Archivia' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe('Già archiviata.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).not.toBe(within(dialog).getByRole('button', { name: 'Indietro' }));
  });
});

describe('QuerySection', () => {
  const query = (over: Partial<QueryState<string[]>>): QueryState<string[]> => ({ isLoading: false, isError: false, refetch: jest.fn(), ...over });
  const show = (q: QueryState<string[]>) => (
    <QuerySection query={q} loadingLabel="Caricamento delle visite…" errorText="Impossibile caricare le visite." empty={<p>Nessuna visita.</p>}>
      {(rows) => (
        <ul aria-label="Visite">
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QuerySection>
  );

  test('loading: a spinner read as a status with its label, nothing else', () => {
    render(show(query({ isLoading: true })));
    expect(screen.getByRole('status').textContent).toBe('Caricamento delle visite…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('an error: an alert with the fallback text and "Riprova", which reads again', () => {
    const q = query({ isError: true, error: { status: 500, data: 'boom' } });
    render(show(q));
    expect(within(screen.getByRole('alert')).getByText('Impossibile caricare le visite.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  test('the server’s own Italian message wins over the fallback; a failed refetch keeps the rows under the alert', () => {
    render(
      show(
        query({ isError: true, error: { status: 403, data: { error: { code: 'FORBIDDEN', message: 'Non puoi vedere questo medico.' } } }, data: ['Lunedì'] }),
      ),
    );
    expect(within(screen.getByRole('alert')).getByText('Non puoi vedere questo medico.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Visite' })).getByText('Lunedì')).toBeTruthy();
  });

  test('without retry: the message alone, as an alert', () => {
    render(
      <QuerySection
        query={query({ isError: true, error: { status: 'FETCH_ERROR', error: 'offline' } })}
        errorText="Impossibile caricare i documenti."
        retry={false}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Il server non risponde. Controlla la connessione e riprova.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('an empty list: the empty text; rows: the content', () => {
    const { rerender } = render(show(query({ data: [] })));
    expect(screen.getByText('Nessuna visita.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    rerender(show(query({ data: ['Lunedì', 'Martedì'] })));
    expect(screen.queryByText('Nessuna visita.')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Visite' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
