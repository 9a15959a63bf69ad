/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CancelDialog, type CancelDialogProps } from './CancelDialog';

const props = (over: Partial<CancelDialogProps> = {}): CancelDialogProps => ({
  idPrefix: 'cancel',
  itemId: 'b1',
  openLabel: 'Disdici',
  title: 'Disdire la visita?',
  closeLabel: 'Chiudi',
  reasonLabel: 'Motivo',
  backLabel: 'No',
  confirmLabel: 'Sì, disdici',
  busy: false,
  error: null,
  onConfirm: jest.fn(async () => true),
  ...over,
});

describe('CancelDialog (the one "Disdici" dialog of /home and the agenda)', () => {
  test('a modal dialog named by its title; the reason goes out trimmed and the dialog closes when done', async () => {
    const p = props({ children: <p>Rimborso completo</p> });
    render(<CancelDialog {...p} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Disdici' })));
    const dialog = await screen.findByRole('dialog', { name: 'Disdire la visita?' });
    expect(dialog.textContent).toContain('Rimborso completo');
    const reason = within(dialog).getByLabelText('Motivo');
    expect(reason.id).toBe('cancel-reason-b1');
    fireEvent.change(reason, { target: { value: '  Influenza ' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Sì, disdici' })));
    expect(p.onConfirm).toHaveBeenCalledWith('Influenza');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a required reason: refused empty, said under the field and tied to it; nothing is sent', async () => {
    const p = props({ reasonRequired: 'Indica il motivo' });
    render(<CancelDialog {...p} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Disdici' })));
    const dialog = await screen.findByRole('dialog');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Sì, disdici' })));
    const reason = within(dialog).getByLabelText('Motivo');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe('Indica il motivo');
    expect(p.onConfirm).not.toHaveBeenCalled();
  });

  test('a refusal stays in the open dialog as an alert; the busy label replaces the confirm label', async () => {
    const onOpen = jest.fn();
    const { rerender } = render(<CancelDialog {...props({ onOpen, onConfirm: async () => false })} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Disdici' })));
    expect(onOpen).toHaveBeenCalledTimes(1);
    rerender(<CancelDialog {...props({ onOpen, error: 'Non si può più disdire.', busy: true, busyLabel: 'Disdetta in corso…' })} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe('Non si può più disdire.');
    expect((within(dialog).getByRole('button', { name: 'Disdetta in corso…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
