import { plural } from '../shared';

export const dataTable = {
  search: 'Cerca…',
  searchLabel: (caption: string) => `Cerca in: ${caption}`,
  noMatch: 'Nessuna riga corrisponde alla ricerca.',
  previous: 'Precedente',
  next: 'Successiva',
  pagination: (caption: string) => `Pagine di: ${caption}`,
  pageOf: (page: number, pages: number, rows: number) => `Pagina ${page} di ${pages} · ${plural(rows, 'riga', 'righe')}`,
} as const;
