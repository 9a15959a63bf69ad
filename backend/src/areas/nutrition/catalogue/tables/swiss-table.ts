import { catalogueFoodId, type CatalogueFood, type NutrientProfile, type NutrientValue } from '@studio/contracts';
import { Workbook, type Worksheet } from 'exceljs';
import { SWISS_COLUMNS, SWISS_FIELDS, SWISS_HEADER_ROW, SWISS_SHEETS, TABLE_VERSIONS } from './columns';
import { cellText, FoodTableFormatError, headerColumns, nutrientColumns, requireColumns, tableValue } from './cells';

// The Swiss food composition database 6.4 (USAV), Italian edition: generic foods and branded products,
// each nutrient in three columns (value, how it was derived, its source); some foods per 100 ml.

/** top categories of composed dishes, sweets and snacks: they rank after raw and basic foods */
const PREPARED_CATEGORIES = ['Cibi', 'Dolciumi', 'Snack salati'];
/** basic foods filed under a prepared category (sugar is an ingredient) */
const BASIC_SUBCATEGORIES = ['Dolciumi/Zuccheri ed edulcoranti'];

/** generic foods are basic except composed dishes, sweets and snacks; branded products never */
export function swissIsBasic(category: string, branded: boolean): boolean {
  if (branded) return false;
  const first = category.split(';')[0].trim();
  if (BASIC_SUBCATEGORIES.includes(first)) return true;
  return !PREPARED_CATEGORIES.includes(first.split('/')[0].trim());
}

/** values per 100 ml → per 100 g: 100 ml weigh 100 × density g */
export function per100gFromPer100ml(value: NutrientValue, density: number): NutrientValue {
  if (value.value === null) return value;
  // four significant digits: the table gives at most three
  const converted = Number((value.value / density).toPrecision(4));
  return value.flag ? { value: converted, flag: value.flag } : { value: converted };
}

function sheetFoods(sheet: Worksheet, branded: boolean): CatalogueFood[] {
  const columns = headerColumns(sheet, SWISS_HEADER_ROW);
  const fields = requireColumns(columns, SWISS_FIELDS, `svizzera, foglio "${sheet.name}"`);
  const nutrientsAt = nutrientColumns(columns, SWISS_COLUMNS, `svizzera, foglio "${sheet.name}"`);
  const foods: CatalogueFood[] = [];
  for (let r = SWISS_HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const text = (col: number) => cellText(row.getCell(col).value).trim();
    const code = text(fields.code);
    if (!code) continue;
    if (!/^\d{1,10}$/.test(code)) throw new FoodTableFormatError(`ID non valido "${code}" nel foglio "${sheet.name}", riga ${r}.`);
    const unit = text(fields.unit);
    const perMl = /100\s*ml/i.test(unit);
    if (!perMl && !/100\s*g/i.test(unit))
      throw new FoodTableFormatError(`Unità di riferimento non riconosciuta "${unit}" nel foglio "${sheet.name}", riga ${r}.`);
    const densityText = text(fields.density).replace(',', '.');
    const density = densityText && Number(densityText) > 0 ? Number(densityText) : null;
    // a drink with a density is converted to 100 g, as every other food; without one it stays per 100 ml, labelled
    const convert = perMl && density !== null;
    const profile: NutrientProfile = {};
    for (const [tag, col, header] of nutrientsAt) {
      const value = tableValue(row.getCell(col).value, () => `nel foglio "${sheet.name}", riga ${r}, colonna "${header}"`);
      profile[tag] = convert ? per100gFromPer100ml(value, density) : value;
    }
    const category = text(fields.category);
    foods.push({
      id: catalogueFoodId('svizzera', code),
      name: text(fields.name).replace(/\s+/g, ' '),
      synonyms: text(fields.synonyms)
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
      source: 'svizzera',
      code,
      group: category.split(';')[0].trim() || 'Non classificato',
      per: perMl && !convert ? '100ml' : '100g',
      density,
      version: TABLE_VERSIONS.svizzera,
      baseWeight: 100,
      basic: swissIsBasic(category, branded),
      nutrients: profile,
    });
  }
  return foods;
}

/** the foods of the Swiss table's XLSX: generic foods, then branded products */
export async function parseSwissXlsx(file: string): Promise<CatalogueFood[]> {
  const workbook = new Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch {
    throw new FoodTableFormatError('Il file della banca dati svizzera non è un file XLSX leggibile.');
  }
  const foods: CatalogueFood[] = [];
  for (const [name, branded] of [
    [SWISS_SHEETS.generic, false],
    [SWISS_SHEETS.branded, true],
  ] as const) {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) throw new FoodTableFormatError(`Nel file della banca dati svizzera manca il foglio "${name}".`);
    foods.push(...sheetFoods(sheet, branded));
  }
  const codes = new Set(foods.map((f) => f.code));
  if (codes.size !== foods.length) throw new FoodTableFormatError('Nella banca dati svizzera un ID compare due volte.');
  return foods;
}
