/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Combobox, filterOptions, type ComboboxOption } from './Combobox';

const options: ComboboxOption[] = [
  { value: 100003, label: 'Verdure', hint: 'Categorie', data: { 'kcal-100': 22, 'base-weight': 200 } },
  { value: 1, label: 'Pasta di semola', hint: 'Cereali e tuberi', data: { 'kcal-100': 353, 'base-weight': 80 } },
  { value: 2, label: 'Caffè espresso', hint: 'Bevande', data: { 'kcal-100': 2, 'base-weight': 30 } },
  { value: 3, label: 'Pecorino romano', hint: 'Formaggi', data: { 'kcal-100': 387, 'base-weight': 50 } },
  { value: 4, label: 'Crème caramel', hint: 'Dolci', data: { 'kcal-100': 150, 'base-weight': 100 } },
];

function Harness({ onChange = () => undefined }: { onChange?: (v: number | string) => void }) {
  const [value, setValue] = useState<number | string | null>(null);
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Combobox
        label="Alimento 1"
        name="meals[pranzo][0][item]"
        options={options}
        value={value}
        emptyText="Nessun alimento trovato"
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </form>
  );
}

const type = (el: HTMLElement, value: string) => act(async () => void fireEvent.change(el, { target: { value } }));
const key = (el: HTMLElement, k: string) => act(async () => void fireEvent.keyDown(el, { key: k }));
const names = () => screen.queryAllByRole('option').map((o) => o.firstChild!.textContent);

describe('Combobox (WAI-ARIA combobox with list autocomplete)', () => {
  test('filters ignoring accents and case, on every word, the hint included', () => {
    expect(filterOptions(options, 'caffe').map((o) => o.label)).toEqual(['Caffè espresso']);
    expect(filterOptions(options, 'CREME').map((o) => o.label)).toEqual(['Crème caramel']);
    expect(filterOptions(options, 'romano peco').map((o) => o.label)).toEqual(['Pecorino romano']);
    expect(filterOptions(options, 'formaggi').map((o) => o.label)).toEqual(['Pecorino romano']);
    expect(filterOptions(options, '  ')).toHaveLength(5);
  });

  test('a visible label, the combobox roles and states, the listbox it controls', async () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Alimento 1' });
    const label = document.querySelector(`label[for="${input.id}"]`)!;
    expect(label.textContent).toBe('Alimento 1');
    expect(label.className).not.toContain('visually-hidden');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    const listId = input.getAttribute('aria-controls')!;
    expect(document.getElementById(listId)!.getAttribute('role')).toBe('listbox');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);

    await type(input, 'past');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(names()).toEqual(['Pasta di semola']);
    const option = screen.getByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(option.closest('[role=listbox]')!.id).toBe(listId);
    // the specified food option: value, data-kcal-100, data-base-weight
    expect([option.getAttribute('data-value'), option.getAttribute('data-kcal-100'), option.getAttribute('data-base-weight')]).toEqual(['1', '353', '80']);
  });

  test('keyboard: ArrowDown opens and moves, ArrowUp moves back, Enter chooses without submitting, Escape closes', async () => {
    const chosen: Array<number | string> = [];
    const submit = jest.fn();
    render(<Harness onChange={(v) => chosen.push(v)} />);
    document.querySelector('form')!.addEventListener('submit', submit);
    const input = screen.getByRole('combobox');
    await key(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(names()).toHaveLength(5);
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant')!)!.firstChild!.textContent;
    expect(active()).toBe('Verdure');
    await key(input, 'ArrowDown');
    await key(input, 'ArrowDown');
    expect(active()).toBe('Caffè espresso');
    await key(input, 'ArrowUp');
    expect(active()).toBe('Pasta di semola');
    await key(input, 'Enter');
    expect(chosen).toEqual([1]);
    expect(submit).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Pasta di semola');
    expect((document.querySelector('input[type=hidden][name="meals[pranzo][0][item]"]') as HTMLInputElement).value).toBe('1');

    // Escape closes the list and leaves the choice as it was
    await type(input, 'pec');
    expect(active()).toBe('Pecorino romano');
    await key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    await act(async () => void fireEvent.blur(input));
    expect((input as HTMLInputElement).value).toBe('Pasta di semola');
    expect(chosen).toEqual([1]);
  });

  test('"Nessun alimento trovato" when nothing matches; a click on an option chooses it', async () => {
    const chosen: Array<number | string> = [];
    render(<Harness onChange={(v) => chosen.push(v)} />);
    const input = screen.getByRole('combobox');
    await type(input, 'zzz');
    expect(screen.getByRole('status').textContent).toBe('Nessun alimento trovato');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    await type(input, 'verd');
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByRole('option', { name: /Verdure/ })));
    expect(chosen).toEqual([100003]);
  });
});
