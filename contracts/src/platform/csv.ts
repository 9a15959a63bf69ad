/**
 * The one writer of the CSVs the app hands out (the takings on the server, the audit export in the browser): what an
 * Italian spreadsheet opens (semicolons, a BOM for the accents, CRLF) and never runs.
 */

/** an amount of money in cents, written as euros with a decimal comma ("-12,50") */
export interface CsvCents {
  cents: number;
}
/** text is quoted; numbers and amounts are written as figures, so a spreadsheet can add them up */
export type CsvValue = string | number | CsvCents;

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one) as a formula: such text
 * gets a leading apostrophe, which spreadsheets show as "this is text". A text that starts with an apostrophe gets one
 * too, so that removing exactly one gives back every text as it was.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a figure for a CSV: ${value}`);
    return String(value).replace('.', ',');
  }
  if (typeof value === 'object') {
    if (!Number.isSafeInteger(value.cents)) throw new RangeError(`not an amount in cents: ${value.cents}`);
    const sign = value.cents < 0 ? '-' : '';
    const abs = Math.abs(value.cents);
    return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** the whole file: a BOM, one line per row, cells separated by ';', lines ended by CRLF */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return '\uFEFF' + rows.map((row) => row.map(csvCell).join(';') + '\r\n').join('');
}

/** a text cell as read back by a CSV parser, to the text it was written from (the inverse of the apostrophe) */
export function csvTextOf(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
