import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import * as it from '../../i18n/it';
import './data-table.css';

/** data tables show 50 rows a page */
export const DATA_TABLE_PAGE_SIZE = 50;

export interface DataTableProps<Row> {
  /** what the table lists, for screen readers (caption) */
  caption: string;
  rows: Row[];
  columns: ColumnDef<Row, any>[];
  /** a stable key per row (ids survive sorting and paging) */
  rowId: (row: Row) => string;
  /** shown instead of the body when there are no rows */
  emptyText: string;
  /** a search box filtering every column */
  searchable?: boolean;
  initialSorting?: SortingState;
  testId?: string;
}

/** a column's header as plain text, for the label each cell carries on a phone (a card per row) */
function columnLabel(header: unknown): string | undefined {
  return typeof header === 'string' ? header : undefined;
}

/**
 * The one data table of the app (TanStack Table): sortable columns, 50 rows a page, a header that stays
 * in view while the body scrolls; on a phone every row is a card, each value under its column's name, so
 * status and actions are seen without scrolling sideways.
 */
export function DataTable<Row>({ caption, rows, columns, rowId, emptyText, searchable, initialSorting = [], testId }: DataTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [globalFilter, setGlobalFilter] = useState('');
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: rowId,
    state: { sorting, globalFilter },
    onSortingChange: setSorting,
    // a first click always sorts ascending, whatever the column holds
    sortDescFirst: false,
    onGlobalFilterChange: setGlobalFilter,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageIndex: 0, pageSize: DATA_TABLE_PAGE_SIZE } },
    // a new list from the server (an edit) keeps the page the admin was looking at
    autoResetPageIndex: false,
  });
  const pageCount = Math.max(table.getPageCount(), 1);
  const pageIndex = Math.min(table.getState().pagination.pageIndex, pageCount - 1);
  const filteredCount = table.getFilteredRowModel().rows.length;

  return (
    <div className="data-table" data-testid={testId}>
      {searchable && (
        <Form.Control
          type="search"
          className="mb-2"
          placeholder={it.dataTable.search}
          aria-label={it.dataTable.searchLabel(caption)}
          value={globalFilter}
          onChange={(e) => {
            setGlobalFilter(e.target.value);
            table.setPageIndex(0);
          }}
        />
      )}
      <div className="data-table-scroll" tabIndex={0} role="region" aria-label={caption}>
        <Table striped hover size="sm" className="mb-0 align-middle">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : header.column.getCanSort() ? 'none' : undefined}
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button type="button" className="data-table-sort" onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true" className="ms-1">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {filteredCount === 0 ? (
              <tr>
                <td colSpan={columns.length} className="text-body-secondary py-3">
                  {globalFilter ? it.dataTable.noMatch : emptyText}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-row-id={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-label={columnLabel(cell.column.columnDef.header)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
      <nav className="d-flex flex-wrap align-items-center gap-2 mt-2" aria-label={it.dataTable.pagination(caption)}>
        <Button size="sm" variant="outline-secondary" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          {it.dataTable.previous}
        </Button>
        <span className="small" aria-live="polite">
          {it.dataTable.pageOf(pageIndex + 1, pageCount, filteredCount)}
        </span>
        <Button size="sm" variant="outline-secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          {it.dataTable.next}
        </Button>
      </nav>
    </div>
  );
}
