/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { LockableButton } from './LockableButton';

const tick = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('LockableButton (buttons with class lockable are disabled after a click)', () => {
  test('has the class lockable, is enabled, and is disabled after a click; a second click is refused', async () => {
    const onClick = jest.fn();
    render(<LockableButton onClick={onClick}>Invia</LockableButton>);
    const button = screen.getByRole('button', { name: 'Invia' }) as HTMLButtonElement;
    expect(button.classList.contains('lockable')).toBe(true);
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    fireEvent.click(button); // a double click before the re-render
    await tick();
    expect(button.disabled).toBe(true);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('a submit button still submits its form once, then is disabled', async () => {
    const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <LockableButton type="submit">Salva</LockableButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Salva' }) as HTMLButtonElement;
    fireEvent.click(button);
    await tick();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  test('a new lockKey releases the lock (the request failed, the form refused)', async () => {
    function Retry() {
      const [key, setKey] = useState(0);
      return (
        <>
          <LockableButton lockKey={key}>Riprova</LockableButton>
          <button type="button" onClick={() => setKey((k) => k + 1)}>
            sblocca
          </button>
        </>
      );
    }
    render(<Retry />);
    const button = screen.getByRole('button', { name: 'Riprova' }) as HTMLButtonElement;
    fireEvent.click(button);
    await tick();
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'sblocca' }));
    await tick();
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await tick();
    expect(button.disabled).toBe(true);
  });

  test('disabled by its owner stays disabled, whatever the lock', () => {
    render(<LockableButton disabled>Salva</LockableButton>);
    expect((screen.getByRole('button', { name: 'Salva' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
