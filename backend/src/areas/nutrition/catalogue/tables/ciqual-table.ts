import { catalogueFoodId, type CatalogueFood, type NutrientProfile } from '@studio/contracts';
import { Workbook } from 'exceljs';
import { CIQUAL_COLUMNS, CIQUAL_FIELDS, CIQUAL_SHEET, TABLE_VERSIONS } from './columns';
import { cellText, FoodTableFormatError, headerColumns, nutrientColumns, requireColumns, tableValue } from './cells';
import { loadCiqualItalian, type CiqualItalian } from './italian-names';

// CIQUAL 2025 (ANSES), the French XLSX: one row per food, constituents as text with a decimal comma.

/** groups of prepared foods: average foods, composed dishes, sweet products, ices, infant foods */
const PREPARED_GROUPS = new Set(['00', '01', '07', '08', '11']);
/** subgroups that differ from their group: sugars and honey are basic; savoury biscuits, tart doughs, meat and fish products, drinks but water, sauces and culinary aids are not */
const BASIC_SUBGROUPS = new Set(['0701']);
const PREPARED_SUBGROUPS = new Set(['0303', '0305', '0404', '0409', '0602', '0603', '1001', '1003', '1008', '1010']);

/** raw and basic foods (true) rank before prepared dishes, desserts and packaged foods (false) */
export function ciqualIsBasic(groupCode: string, subgroupCode: string, frenchName: string): boolean {
  if (/préemballé/i.test(frenchName)) return false;
  if (BASIC_SUBGROUPS.has(subgroupCode)) return true;
  return !PREPARED_GROUPS.has(groupCode) && !PREPARED_SUBGROUPS.has(subgroupCode);
}

const UNCLASSIFIED = 'Non classificato';
/** a group name the table leaves empty or writes "-" */
const named = (text: string) => (text.trim() === '-' ? '' : text.trim());

/**
 * The foods of CIQUAL's XLSX, values per 100 g. Names and groups in Italian from the project's
 * files (`italian`), the French ones where a code has none yet.
 */
export async function parseCiqualXlsx(file: string, italian: CiqualItalian = loadCiqualItalian()): Promise<CatalogueFood[]> {
  const workbook = new Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch {
    throw new FoodTableFormatError('Il file CIQUAL non è un file XLSX leggibile.');
  }
  const sheet = workbook.getWorksheet(CIQUAL_SHEET);
  if (!sheet) throw new FoodTableFormatError(`Nel file CIQUAL manca il foglio "${CIQUAL_SHEET}".`);
  const columns = headerColumns(sheet, 1);
  const fields = requireColumns(columns, CIQUAL_FIELDS, 'CIQUAL');
  const nutrientsAt = nutrientColumns(columns, CIQUAL_COLUMNS, 'CIQUAL');
  const version = TABLE_VERSIONS.ciqual;
  const foods: CatalogueFood[] = [];
  const seen = new Set<string>();
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const text = (col: number) => cellText(row.getCell(col).value).trim();
    const code = text(fields.code);
    if (!code) continue;
    if (!/^\d{1,10}$/.test(code)) throw new FoodTableFormatError(`Codice CIQUAL non valido "${code}" alla riga ${r}.`);
    if (seen.has(code)) throw new FoodTableFormatError(`Codice CIQUAL ripetuto ${code} alla riga ${r}.`);
    seen.add(code);
    const profile: NutrientProfile = {};
    for (const [tag, col, header] of nutrientsAt) profile[tag] = tableValue(row.getCell(col).value, () => `alla riga ${r}, colonna "${header}"`);
    const frenchName = text(fields.name);
    const groupCode = text(fields.groupCode);
    const subgroupCode = text(fields.subgroupCode);
    const it = italian.names.get(code);
    const group =
      italian.groups.get(subgroupCode) && subgroupCode !== '0000'
        ? italian.groups.get(subgroupCode)!
        : (italian.groups.get(groupCode) ?? (named(text(fields.subgroupName)) || named(text(fields.groupName)) || UNCLASSIFIED));
    foods.push({
      id: catalogueFoodId('ciqual', code),
      name: it?.name ?? frenchName,
      synonyms: it?.synonyms ?? [],
      source: 'ciqual',
      code,
      group,
      per: '100g',
      density: null,
      version,
      baseWeight: 100,
      basic: ciqualIsBasic(groupCode, subgroupCode, frenchName),
      nutrients: profile,
    });
  }
  return foods;
}
