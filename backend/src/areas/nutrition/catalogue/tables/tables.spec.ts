import type { CatalogueFood, NutrientValue } from '@studio/contracts';
import { Workbook } from 'exceljs';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cellText } from './cells';
import { CIQUAL_COLUMNS, headerKey, SWISS_COLUMNS } from './columns';
import { hashOfFile } from './checksum';
import { parseCiqualXlsx } from './ciqual-table';
import { loadCiqualItalian } from './italian-names';
import { parseSwissXlsx } from './swiss-table';
import { foodsDataDir, tableFilesIn } from './table-files';

// The publishers' own files (never committed): <repository>/../shared/data/foods, or FOODS_DATA_DIR.
const dir = foodsDataDir();
const files = tableFilesIn(dir);
const present = existsSync(dir) && files.ciqual !== null && files.svizzera !== null;
const describeTables = present ? describe : describe.skip;
if (!present) console.warn(`Test delle tabelle CIQUAL e svizzera saltati: file non trovati in ${dir} (imposta FOODS_DATA_DIR).`);

const noItalian = { names: new Map<string, { name: string; synonyms: string[] }>(), groups: new Map<string, string>() };
const indexes = new WeakMap<CatalogueFood[], Map<string, CatalogueFood>>();
const byCode = (foods: CatalogueFood[], code: string) => {
  if (!indexes.has(foods)) indexes.set(foods, new Map(foods.map((f) => [f.code, f])));
  const food = indexes.get(foods)!.get(code);
  if (!food) throw new Error(`codice ${code} assente`);
  return food;
};
const v = (value: number): NutrientValue => ({ value });
const lt = (value: number): NutrientValue => ({ value, flag: 'lt' });
const traces: NutrientValue = { value: 0, flag: 'traces' };
const missing: NutrientValue = { value: null, flag: 'missing' };

/** every mapped cell of a sheet, as raw text, read here independently of the parser */
async function rawCells(file: string, sheetName: string, headerRow: number, mapping: Record<string, string>, codeHeader: string, unitHeader = codeHeader) {
  const workbook = new Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet(sheetName)!;
  const header = (sheet.getRow(headerRow).values as unknown[]).map((h) => headerKey(cellText(h)));
  const codeCol = header.indexOf(headerKey(codeHeader));
  const unitCol = header.indexOf(headerKey(unitHeader));
  const cols = Object.entries(mapping).map(([h, tag]) => [tag, header.indexOf(headerKey(h))] as const);
  const cells: { code: string; tag: string; raw: unknown; unit: string }[] = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const code = cellText(row.getCell(codeCol).value).trim();
    const unit = cellText(row.getCell(unitCol).value);
    if (code) for (const [tag, col] of cols) cells.push({ code, tag, raw: row.getCell(col).value, unit });
  }
  return cells;
}

describeTables('CIQUAL 2025, the publisher’s XLSX', () => {
  let foods: CatalogueFood[];
  beforeAll(async () => {
    foods = await parseCiqualXlsx(files.ciqual!, noItalian);
  });

  it('has 3,484 foods, each once, with id ciqual-<code>, table version 2025-11-03, per 100 g', () => {
    expect(foods).toHaveLength(3484);
    expect(new Set(foods.map((f) => f.id)).size).toBe(3484);
    expect(foods.every((f) => f.id === `ciqual-${f.code}` && f.version === '2025-11-03' && f.per === '100g' && f.source === 'ciqual')).toBe(true);
  });

  it('gives every marker as published: a number with a decimal comma, traces, "< x", "-" as missing (never 0)', async () => {
    const cells = await rawCells(files.ciqual!, 'composition nutritionnelle', 1, CIQUAL_COLUMNS, 'alim_code');
    const seen = { number: 0, traces: 0, lt: 0, missing: 0 };
    for (const { code, tag, raw } of cells) {
      const text = cellText(raw).replace(/\s+/g, ' ').trim();
      const parsed = byCode(foods, code).nutrients[tag as keyof CatalogueFood['nutrients']];
      if (text === '-') {
        seen.missing++;
        expect(parsed).toEqual(missing);
      } else if (text === 'traces') {
        seen.traces++;
        expect(parsed).toEqual(traces);
      } else if (text.startsWith('<')) {
        seen.lt++;
        expect(parsed).toEqual(lt(Number(text.slice(1).trim().replace(',', '.'))));
      } else {
        seen.number++;
        expect(parsed).toEqual(v(Number(text.replace(',', '.'))));
      }
    }
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  });

  it('never turns a "-" into 0 (Salade de museau de porc, 8406: starch "-", galactose-free columns)', () => {
    const salad = byCode(foods, '8406');
    expect(salad.nutrients.STARCH).toEqual(missing);
    expect(salad.nutrients.VITC).toEqual(missing);
    expect(salad.nutrients.NACL).toEqual(v(1.58));
    const missingCount = foods.reduce((n, f) => n + Object.values(f.nutrients).filter((x) => x?.flag === 'missing').length, 0);
    const zeroMissing = foods.flatMap((f) => Object.values(f.nutrients)).filter((x) => x?.flag === 'missing' && x.value !== null);
    expect(missingCount).toBeGreaterThan(10000);
    expect(zeroMissing).toEqual([]);
  });

  // values read from the file once by hand, per 100 g
  it.each([
    [
      '20585',
      'Lentille verte, sèche',
      {
        ENERC_KJ: v(1380),
        ENERC_KCAL: v(327),
        WATER: v(9.5),
        PROCNT: v(25.1),
        CHOAVL: v(44.5),
        FAT: v(1.8),
        SUGAR: v(1.1),
        STARCH: v(38.5),
        FIBTG: v(16.4),
        FASAT: v(0.24),
        NACL: lt(0.13),
        CA: v(64),
        P: v(480),
        FE: v(6.3),
        THIA: v(0.29),
        VITD: lt(0.25),
        VITB12: missing,
      },
    ],
    [
      '9100',
      'Riz blanc, cru',
      {
        ENERC_KCAL: v(350),
        WATER: v(12.6),
        PROCNT: v(7.02),
        CHOAVL: v(77.5),
        FAT: v(0.79),
        STARCH: v(77.4),
        FIBTG: v(1.53),
        NACL: v(0.0079),
        FE: v(1.94),
        VITD: v(0),
      },
    ],
    [
      '9810',
      'Pâtes sèches, standard, crues',
      {
        ENERC_KJ: v(1540),
        ENERC_KCAL: v(364),
        PROCNT: v(12),
        CHOAVL: v(72.7),
        FAT: v(1.6),
        SUGAR: v(2.58),
        STARCH: v(62.5),
        FIBTG: v(2.91),
        CA: v(21),
        P: v(189),
      },
    ],
    [
      '19024',
      'Lait entier, pasteurisé',
      {
        ENERC_KCAL: v(61.8),
        WATER: v(89.1),
        PROCNT: v(3.3),
        CHOAVL: v(4.8),
        FAT: v(3.3),
        SUGAR: v(3.2),
        STARCH: lt(0.2),
        FIBTG: v(0),
        FASAT: v(2.25),
        CA: v(117),
        VITB12: v(0.32),
      },
    ],
    [
      '12120',
      'Parmesan',
      {
        ENERC_KCAL: v(411),
        PROCNT: v(31.1),
        CHOAVL: v(1.14),
        FAT: v(31),
        SUGAR: traces,
        FASAT: v(20.6),
        NACL: v(1.57),
        CA: v(980),
        P: v(630),
        THIA: lt(0.015),
        VITB12: v(2.64),
      },
    ],
    [
      '17270',
      "Huile d'olive vierge extra",
      {
        ENERC_KJ: v(3700),
        ENERC_KCAL: v(899),
        PROCNT: v(0.25),
        CHOAVL: traces,
        FAT: v(99.9),
        FASAT: v(15.2),
        NACL: lt(0.013),
        CA: lt(0.2),
        FE: lt(0.05),
        VITD: lt(0.25),
      },
    ],
    [
      '11058',
      'Sel blanc alimentaire, iodé, non fluoré',
      { ENERC_KCAL: v(0), WATER: v(0.027), NACL: v(97.8), CA: v(13.3), P: missing, FE: missing, VITB12: missing },
    ],
    [
      '25089',
      'Cordon bleu de volaille, préemballé',
      {
        ENERC_KJ: v(944),
        ENERC_KCAL: v(226),
        PROCNT: v(14),
        CHOAVL: v(14.6),
        FAT: v(12.2),
        OA: traces,
        NACL: v(1.73),
        NA: v(683),
        SE: lt(10),
        VITD: lt(0.5),
        VITE: missing,
        CLD: missing,
        VITC: v(0),
        FOL: lt(16),
        VITB12: v(0.58),
      },
    ],
  ])('%s %s', (code, _name, expected) => {
    expect(byCode(foods, code).nutrients).toMatchObject(expected);
  });

  it('ranks raw foods before prepared ones', () => {
    expect(byCode(foods, '9100').basic).toBe(true);
    expect(byCode(foods, '25089').basic).toBe(false);
  });

  it('takes the Italian names, synonyms and groups when the project has them, the French ones otherwise', async () => {
    const italian = {
      names: new Map([['20585', { name: 'Lenticchie verdi, secche', synonyms: ['lenticchie'] }]]),
      groups: new Map([['0203', 'Legumi']]),
    };
    const translated = await parseCiqualXlsx(files.ciqual!, italian);
    expect(byCode(translated, '20585')).toMatchObject({ name: 'Lenticchie verdi, secche', synonyms: ['lenticchie'], group: 'Legumi' });
    expect(byCode(translated, '9100')).toMatchObject({ name: 'Riz blanc, cru', synonyms: [], group: 'pâtes, riz et céréales' });
  });

  it('matches the md5 the publisher gives for the file, and records a sha256', async () => {
    expect(await hashOfFile(files.ciqual!, 'md5')).toBe('fcb4936b2bf6529449d0f88f4fc0512c');
    expect(await hashOfFile(files.ciqual!)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describeTables('Swiss food composition database 6.4, Italian edition', () => {
  let foods: CatalogueFood[];
  beforeAll(async () => {
    foods = await parseSwissXlsx(files.svizzera!);
  });

  it('has 1,092 generic foods and 41 branded products, ids svizzera-<ID>, version 6.4', () => {
    expect(foods).toHaveLength(1133);
    // branded products come after the generic foods, and never rank as basic
    expect(foods.slice(1092).every((f) => !f.basic)).toBe(true);
    expect(foods.findIndex((f) => f.code === '538')).toBeGreaterThanOrEqual(1092);
    expect(new Set(foods.map((f) => f.id)).size).toBe(1133);
    expect(foods.every((f) => f.id === `svizzera-${f.code}` && f.version === '6.4')).toBe(true);
  });

  it('gives every marker as published: numbers, "tr." as traces, "<x" as below the limit, "nd" as missing', async () => {
    const seen = { number: 0, traces: 0, lt: 0, missing: 0 };
    for (const sheet of ['Alimenti generici', 'Prodotti di marca']) {
      for (const { code, tag, raw, unit } of await rawCells(files.svizzera!, sheet, 3, SWISS_COLUMNS, 'ID', 'Unità di riferimento')) {
        const food = byCode(foods, code);
        const parsed = food.nutrients[tag as keyof CatalogueFood['nutrients']];
        const text = cellText(raw).trim();
        // a food per 100 ml with a density is per 100 g in the catalogue
        const per100g = (n: number) => (unit === 'per 100 ml' && food.density ? Number((n / food.density).toPrecision(4)) : n);
        if (text === 'nd' || text === '') {
          seen.missing++;
          expect(parsed).toEqual(missing);
        } else if (text === 'tr.') {
          seen.traces++;
          expect(parsed).toEqual(traces);
        } else if (text.startsWith('<')) {
          seen.lt++;
          expect(parsed).toEqual(lt(per100g(Number(text.slice(1)))));
        } else {
          seen.number++;
          expect(parsed).toEqual(v(per100g(Number(text))));
        }
      }
    }
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  });

  it.each([
    [
      '414',
      "Acciuga sott'olio, sgocciolata",
      {
        ENERC_KJ: v(765),
        ENERC_KCAL: v(182),
        FAT: v(8.5),
        FASAT: v(2.9),
        CHOLE: v(76),
        STARCH: traces,
        PROCNT: v(26.4),
        NACL: v(12),
        WATER: v(55.1),
        VITA: v(12),
        VITB12: v(20.9),
        NA: v(4970),
        CLD: traces,
        SE: missing,
      },
    ],
    [
      '470',
      'Zucchero bianco',
      { ENERC_KJ: v(1700), ENERC_KCAL: v(400), CHOAVL: v(100), SUGAR: v(100), PROCNT: v(0), K: v(2), CLD: v(1.5), FE: v(0.1), SE: v(0) },
    ],
  ])('%s %s', (code, name, expected) => {
    const food = byCode(foods, code);
    expect(food.name).toBe(name);
    expect(food.nutrients).toMatchObject(expected);
  });

  it('converts a food given per 100 ml with its density to per 100 g (Aceto: 22 kcal per 100 ml, 1.0056 g/ml)', () => {
    const vinegar = byCode(foods, '1693');
    expect(vinegar).toMatchObject({ per: '100g', density: 1.0056, group: 'Diversi/Sale, spezie e aromi' });
    expect(vinegar.nutrients.ENERC_KCAL).toEqual(v(21.88));
    expect(vinegar.nutrients.ENERC_KJ).toEqual(v(92.48));
    expect(vinegar.nutrients.ID).toEqual(lt(4.972));
    expect(vinegar.nutrients.SE).toEqual(missing);
    // density 1: the same numbers
    expect(byCode(foods, '595').nutrients).toMatchObject({ ENERC_KCAL: v(38), SUGAR: v(9.5), CLD: v(11) });
  });

  it('keeps the Italian synonyms and ranks branded products after generic foods', () => {
    expect(byCode(foods, '595')).toMatchObject({ name: 'Limonata con aromi, zuccherata', synonyms: ['Gassosa', 'Spuma'] });
    expect(byCode(foods, '538')).toMatchObject({ name: 'Acqua minerale Adelbodner', basic: false });
    expect(byCode(foods, '414').basic).toBe(true);
  });

  it('matches the md5 the publisher gives for the file', async () => {
    expect(await hashOfFile(files.svizzera!, 'md5')).toBe('32886bb7a1fee98c45ba209bc1d1875c');
  });
});

describe('the project’s Italian names of CIQUAL foods', () => {
  it('reads codice, nome and sinonimi separated by " | ", and the groups', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'nomi-'));
    try {
      writeFileSync(
        join(tmp, 'ciqual-nomi-it.tsv'),
        'codice\tnome\tsinonimi\n20585\tLenticchie verdi, secche\tlenticchie | lenticchie secche\n9100\tRiso bianco, crudo\t\n',
      );
      writeFileSync(join(tmp, 'ciqual-gruppi-it.tsv'), 'codice\tnome\n0203\tLegumi\n');
      const italian = loadCiqualItalian(tmp);
      expect(italian.names.get('20585')).toEqual({ name: 'Lenticchie verdi, secche', synonyms: ['lenticchie', 'lenticchie secche'] });
      expect(italian.names.get('9100')).toEqual({ name: 'Riso bianco, crudo', synonyms: [] });
      expect(italian.groups.get('0203')).toBe('Legumi');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('are empty, not an error, when the files are not there yet', () => {
    expect(loadCiqualItalian(join(tmpdir(), 'non-esiste-' + Date.now())).names.size).toBe(0);
  });
});
