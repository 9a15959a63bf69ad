/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CancelDialog, type CancelDialogProps } from './CancelDialog';

const props = (over: Partial<CancelDialogProps> = {}): CancelDialogProps => ({
  idPrefix: 'cancel',
  itemId: 'b1',
  texts: { cancel: 'Disdici', cancelTitle: 'Disdire la visita?', cancelReason: 'Motivo', cancelBack: 'No', cancelConfirm: 'Sì, disdici' },
  closeLabel: 'Chiudi',
  busy: false,
  error: null,
  onConfirm: jest.fn(async () => undefined),
  ...over,
});
const texts = props().texts;

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
    const p = props({ texts: { ...texts, cancelReasonRequired: 'Indica il motivo' } });
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
    const { rerender } = render(<CancelDialog {...props({ onOpen, onConfirm: () => Promise.reject(new Error('409')) })} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Disdici' })));
    expect(onOpen).toHaveBeenCalledTimes(1);
    await act(async () => void fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sì, disdici' })));
    rerender(<CancelDialog {...props({ onOpen, error: 'Non si può più disdire.', busy: true, texts: { ...texts, cancelling: 'Disdetta in corso…' } })} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe('Non si può più disdire.');
    expect((within(dialog).getByRole('button', { name: 'Disdetta in corso…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
