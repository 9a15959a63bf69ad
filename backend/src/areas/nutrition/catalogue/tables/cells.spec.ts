import { Workbook } from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTableValue } from './cells';
import { headerKey, SWISS_COLUMNS } from './columns';
import { parseSwissXlsx, per100gFromPer100ml, swissIsBasic } from './swiss-table';
import { ciqualIsBasic } from './ciqual-table';

describe('a published value and its markers', () => {
  it.each([
    ['4,41', { value: 4.41 }],
    ['1070', { value: 1070 }],
    [0.25, { value: 0.25 }],
    ['0.5', { value: 0.5 }],
    ['traces', { value: 0, flag: 'traces' }],
    ['tr.', { value: 0, flag: 'traces' }],
    ['< 0,2', { value: 0.2, flag: 'lt' }],
    ['<\n0,13', { value: 0.13, flag: 'lt' }],
    ['<5', { value: 5, flag: 'lt' }],
    ['-', { value: null, flag: 'missing' }],
    ['nd', { value: null, flag: 'missing' }],
    [null, { value: null, flag: 'missing' }],
  ])('%j → %j', (raw, expected) => {
    expect(parseTableValue(raw)).toEqual(expected);
  });

  it('a "-" is missing, never 0', () => {
    const parsed = parseTableValue('-');
    expect(parsed?.value).toBeNull();
    expect(parsed?.value).not.toBe(0);
  });

  it.each(['abc', '1,2,3', '-3', '> 5', 'n.q.'])('refuses %j', (raw) => {
    expect(parseTableValue(raw)).toBeNull();
  });

  it('a rich-text cell is read as its text', () => {
    expect(parseTableValue({ richText: [{ text: '< ' }, { text: '0,5' }] })).toEqual({ value: 0.5, flag: 'lt' });
  });

  it("compares headers ignoring CIQUAL's line breaks in place of slashes", () => {
    expect(headerKey('Energie,\nRèglement\nUE N°\n1169\n2011 (kcal\n100 g)')).toBe(headerKey('Energie, Règlement UE N° 1169/2011 (kcal/100 g)'));
    expect(headerKey('Zinco (Zn)  (mg)')).toBe(headerKey('Zinco (Zn) (mg)'));
  });
});

describe('per 100 ml', () => {
  it('converts to per 100 g dividing by the density (100 ml of a 1.1 g/ml drink weigh 110 g)', () => {
    expect(per100gFromPer100ml({ value: 44 }, 1.1)).toEqual({ value: 40 });
    expect(per100gFromPer100ml({ value: 5, flag: 'lt' }, 1.25)).toEqual({ value: 4, flag: 'lt' });
    expect(per100gFromPer100ml({ value: null, flag: 'missing' }, 1.1)).toEqual({ value: null, flag: 'missing' });
  });

  describe('in a Swiss-shaped file', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'svizzera-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    async function write(rows: unknown[][], headers = Object.keys(SWISS_COLUMNS)): Promise<string> {
      const workbook = new Workbook();
      for (const name of ['Alimenti generici', 'Prodotti di marca']) {
        const sheet = workbook.addWorksheet(name);
        sheet.addRow(['Titolo']);
        sheet.addRow([]);
        sheet.addRow([
          'ID',
          'ID V 4.0',
          'ID SwissFIR',
          'Nome',
          'Sinonimi',
          'Categoria',
          'Densità',
          'Unità di riferimento',
          ...headers.flatMap((h) => [h, 'Deduzione del valore', 'Fonte']),
        ]);
        if (name === 'Alimenti generici') for (const row of rows) sheet.addRow(row);
      }
      const file = join(dir, `t${Math.random()}.xlsx`);
      await workbook.xlsx.writeFile(file);
      return file;
    }
    const values = (kcal: unknown) => Object.keys(SWISS_COLUMNS).flatMap((h) => [h.startsWith('Energia, calorie') ? kcal : 'nd', '-', 1]);

    it('keeps a food per 100 ml without density per 100 ml, converts one with a density', async () => {
      const file = await write([
        [1, null, null, 'Bibita senza densità', null, 'Bevande analcoliche/Bevande zuccherate', null, 'per 100 ml', ...values(40)],
        [2, null, null, 'Bibita densa', 'Uno;Due', 'Bevande analcoliche/Bevande zuccherate', 1.25, 'per 100 ml', ...values('<5')],
        [3, null, null, 'Mela', null, 'Frutta/Frutta fresca', 0.9, 'per 100 g di parte edibile', ...values(52)],
      ]);
      const [plain, dense, apple] = await parseSwissXlsx(file);
      expect(plain).toMatchObject({
        id: 'svizzera-1',
        per: '100ml',
        density: null,
        nutrients: { ENERC_KCAL: { value: 40 }, FAT: { value: null, flag: 'missing' } },
      });
      expect(dense).toMatchObject({ per: '100g', density: 1.25, synonyms: ['Uno', 'Due'], nutrients: { ENERC_KCAL: { value: 4, flag: 'lt' } } });
      expect(apple).toMatchObject({ per: '100g', density: 0.9, nutrients: { ENERC_KCAL: { value: 52 } } });
    });

    it('refuses a file without a mapped column, naming it', async () => {
      const file = await write([], Object.keys(SWISS_COLUMNS).slice(1));
      await expect(parseSwissXlsx(file)).rejects.toThrow(/Colonne mancanti .*Energia, kilojoules \(kJ\)/);
    });

    it('refuses an unknown marker, saying where', async () => {
      const file = await write([[4, null, null, 'Strano', null, 'Frutta/Frutta fresca', null, 'per 100 g di parte edibile', ...values('circa 3')]]);
      await expect(parseSwissXlsx(file)).rejects.toThrow(/Valore non riconosciuto "circa 3" .*riga 4.*Energia, calorie/);
    });
  });
});

describe('basic foods rank before prepared ones', () => {
  it.each([
    ['02', '0204', 'Abricot, dénoyauté, cru', true],
    ['01', '0103', 'Lasagnes à la bolognaise', false],
    ['04', '0403', 'Jambon cru, préemballé', false],
    ['07', '0701', 'Sucre blanc', true],
    ['07', '0709', 'Tiramisu', false],
    ['06', '0601', 'Eau du robinet', true],
    ['06', '0602', 'Jus de pomme', false],
  ])('CIQUAL %s/%s %s → %s', (group, subgroup, name, basic) => {
    expect(ciqualIsBasic(group, subgroup, name)).toBe(basic);
  });

  it.each([
    ['Frutta/Frutta fresca', false, true],
    ['Cibi/Cibi italiani', false, false],
    ['Dolciumi/Zuccheri ed edulcoranti', false, true],
    ['Dolciumi/Biscotti', false, false],
    ['Bevande analcoliche/Acqua minerale', true, false],
  ])('Swiss %s (branded: %s) → %s', (category, branded, basic) => {
    expect(swissIsBasic(category, branded)).toBe(basic);
  });
});
