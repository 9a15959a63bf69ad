import type { NutrientValue } from '@studio/contracts';
import type { Worksheet } from 'exceljs';
import { ValidationError } from '../../../../platform/common/errors';
import { headerKey } from './columns';

/** a table's file is not what the importer was written for: said in Italian, nothing imported */
export class FoodTableFormatError extends ValidationError {
  constructor(message: string) {
    super(message, 'tabella_non_valida');
  }
}

/** an exceljs cell value as text (rich text joined, a formula's result) */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
  }
  // a date or another shape: shown as it is, so the value is refused saying what it was
  return JSON.stringify(value) ?? '';
}

const NUMBER = /^\d+(?:[.,]\d+)?$/;
const BELOW = /^<\s*(\d+(?:[.,]\d+)?)$/;
const decimal = (text: string) => Number(text.replace(',', '.'));

/**
 * One published value. Both publishers' markers: a number (decimal comma or point), traces
 * ("traces", "tr."), below a limit ("< 0,2", "<5"), not measured ("-", "nd", an empty cell: missing,
 * never 0). Returns null for a text that is none of these.
 */
export function parseTableValue(raw: unknown): NutrientValue | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? { value: raw } : null;
  const text = cellText(raw).replace(/\s+/g, ' ').trim();
  if (text === '' || text === '-' || /^n\.?d\.?$/i.test(text)) return { value: null, flag: 'missing' };
  if (/^(traces|tr\.?)$/i.test(text)) return { value: 0, flag: 'traces' };
  const below = BELOW.exec(text);
  if (below) return { value: decimal(below[1]), flag: 'lt' };
  return NUMBER.test(text) ? { value: decimal(text) } : null;
}

/** a value the parser must understand, else the file is refused saying where */
export function tableValue(raw: unknown, where: () => string): NutrientValue {
  const parsed = parseTableValue(raw);
  if (!parsed) throw new FoodTableFormatError(`Valore non riconosciuto "${cellText(raw)}" ${where()}.`);
  return parsed;
}

/** a sheet's header row: column number of each header, by `headerKey` */
export function headerColumns(sheet: Worksheet, row: number): Map<string, number> {
  const columns = new Map<string, number>();
  sheet.getRow(row).eachCell((cell, col) => {
    const key = headerKey(cellText(cell.value));
    if (key && !columns.has(key)) columns.set(key, col);
  });
  return columns;
}

/** the column of each header asked, or the file is refused naming the missing ones */
export function requireColumns<K extends string>(columns: Map<string, number>, headers: Record<K, string>, table: string): Record<K, number> {
  const found = {} as Record<K, number>;
  const missing: string[] = [];
  for (const [key, header] of Object.entries(headers) as [K, string][]) {
    const col = columns.get(headerKey(header));
    if (col === undefined) missing.push(header);
    else found[key] = col;
  }
  if (missing.length) throw new FoodTableFormatError(`Colonne mancanti nella tabella ${table}: ${missing.join('; ')}.`);
  return found;
}

/** each mapped nutrient's column: [tag, column number, header] */
export function nutrientColumns<T extends string>(
  columns: Map<string, number>,
  mapping: Readonly<Record<string, T>>,
  table: string,
): (readonly [T, number, string])[] {
  const found = requireColumns(columns, Object.fromEntries(Object.keys(mapping).map((h) => [h, h])), table);
  return Object.entries(mapping).map(([header, tag]) => [tag, found[header], header] as const);
}
