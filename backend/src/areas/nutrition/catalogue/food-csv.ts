import { FoodRequest, type FoodRequest as FoodInput } from '@studio/contracts';
import { parse } from 'csv-parse/sync';
import { ValidationError } from '../../../platform/common/errors';

/** the CSV's columns, in this order, with a header row (docs/funzioni.md): decimals with a point or a comma */
export const FOOD_CSV_COLUMNS = ['nome', 'categoria', 'kcal_100g', 'peso_base_g', 'proteine_g', 'carboidrati_g', 'grassi_g'] as const;

export interface FoodCsvRow {
  /** 1-based line in the file (the header is line 1) */
  line: number;
  categoryName: string;
  food: Omit<FoodInput, 'categoryId'>;
}

const MAX_LISTED = 10;

const number = (text: string | undefined) => {
  const t = (text ?? '').trim().replace(',', '.');
  return t === '' || !/^-?\d+(\.\d+)?$/.test(t) ? Number.NaN : Number(t);
};

/**
 * Parses and checks every row before anything is written (all or nothing): a file with any bad
 * row is refused with the list of bad rows, in Italian. `categoryId` resolves a category name.
 */
export function parseFoodCsv(csv: string, categoryId: (name: string) => number | undefined): (FoodCsvRow & { food: FoodInput })[] {
  let records: string[][];
  try {
    // the header says which: Italian spreadsheets write semicolons (and decimal commas), others commas
    const firstLine = csv.slice(0, csv.indexOf('\n') === -1 ? undefined : csv.indexOf('\n'));
    records = parse(csv, { delimiter: firstLine.includes(';') ? ';' : ',', skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (error) {
    throw new ValidationError(`File CSV non leggibile: ${(error as Error).message}.`, 'csv_non_valido');
  }
  const [header, ...rows] = records;
  if (!header || header.map((h) => h.toLowerCase()).join(',') !== FOOD_CSV_COLUMNS.join(',')) {
    throw new ValidationError(`Intestazione del CSV non valida: servono le colonne ${FOOD_CSV_COLUMNS.join(', ')}.`, 'csv_non_valido');
  }
  if (rows.length === 0) throw new ValidationError('Il file CSV non contiene alimenti.', 'csv_non_valido');
  if (rows.length > 5000) throw new ValidationError('Troppi alimenti in un file (al massimo 5000).', 'csv_non_valido');
  const problems: string[] = [];
  const good: (FoodCsvRow & { food: FoodInput })[] = [];
  const seen = new Set<string>();
  rows.forEach((cells, index) => {
    const line = index + 2;
    if (cells.length !== FOOD_CSV_COLUMNS.length) {
      problems.push(`riga ${line}: servono ${FOOD_CSV_COLUMNS.length} colonne, ce ne sono ${cells.length}`);
      return;
    }
    const [name, categoryName, kcal, base, protein, carbohydrate, fat] = cells;
    const category = categoryId(categoryName);
    const parsed = FoodRequest.safeParse({
      name,
      categoryId: category ?? 0,
      kcal100: number(kcal),
      baseWeight: number(base),
      protein: number(protein),
      carbohydrate: number(carbohydrate),
      fat: number(fat),
    });
    if (category === undefined) problems.push(`riga ${line}: categoria sconosciuta "${categoryName}"`);
    else if (!parsed.success) problems.push(`riga ${line}: ${parsed.error.issues[0].message}`);
    else if (seen.has(parsed.data.name.toLowerCase())) problems.push(`riga ${line}: "${parsed.data.name}" compare due volte`);
    else {
      seen.add(parsed.data.name.toLowerCase());
      good.push({ line, categoryName, food: parsed.data });
    }
  });
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED).join('; ');
    const more = problems.length > MAX_LISTED ? ` e altre ${problems.length - MAX_LISTED}` : '';
    throw new ValidationError(
      `Nessun alimento importato: ${problems.length === 1 ? '1 riga non valida' : `${problems.length} righe non valide`} (${listed}${more}).`,
      'csv_non_valido',
    );
  }
  return good;
}
