/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, DATA_TABLE_PAGE_SIZE } from './DataTable';

interface Item {
  id: string;
  name: string;
  price: number;
}

const columns: ColumnDef<Item, any>[] = [
  { accessorKey: 'name', header: 'Nome' },
  { accessorKey: 'price', header: 'Prezzo' },
];
const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, name: `Prodotto ${String(i).padStart(3, '0')}`, price: (i * 37) % 101 }));

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole<HTMLTableRowElement>('row');

describe('DataTable', () => {
  it('shows 50 rows a page and pages forwards and back', () => {
    render(<DataTable caption="Prodotti" rows={items(120)} columns={columns} rowId={(r) => r.id} emptyText="Vuoto" />);
    expect(bodyRows()).toHaveLength(DATA_TABLE_PAGE_SIZE);
    expect(screen.getByText('Pagina 1 di 3 · 120 righe')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    fireEvent.click(screen.getByRole('button', { name: 'Successiva' }));
    expect(bodyRows()).toHaveLength(20);
    expect((screen.getByRole('button', { name: 'Successiva' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Precedente' }));
    expect(bodyRows()[0].getAttribute('data-row-id')).toBe('p50');
  });

  it('every cell carries its column name, shown before the value when a row is a card on a phone', () => {
    render(<DataTable caption="Prodotti" rows={items(2)} columns={columns} rowId={(r) => r.id} emptyText="Vuoto" />);
    const cells = Array.from(bodyRows()[0].cells);
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Nome', 'Prezzo']);
  });

  it('sorts by a column header, ascending then descending, and says so to screen readers', () => {
    render(<DataTable caption="Prodotti" rows={items(5)} columns={columns} rowId={(r) => r.id} emptyText="Vuoto" />);
    const header = screen.getByRole('columnheader', { name: /Prezzo/ });
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const asc = bodyRows().map((r) => Number(r.cells[1].textContent));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    const desc = bodyRows().map((r) => Number(r.cells[1].textContent));
    expect(desc).toEqual([...asc].reverse());
  });

  it('filters with the search box and shows the empty text when there is nothing', () => {
    const { unmount } = render(<DataTable caption="Prodotti" rows={items(60)} columns={columns} rowId={(r) => r.id} emptyText="Nessun prodotto" searchable />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Prodotto 05' } });
    expect(bodyRows()).toHaveLength(10);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.getByText('Nessuna riga corrisponde alla ricerca.')).toBeTruthy();
    unmount();
    render(<DataTable caption="Prodotti" rows={[]} columns={columns} rowId={(r) => r.id} emptyText="Nessun prodotto" />);
    expect(screen.getByText('Nessun prodotto')).toBeTruthy();
  });
});
