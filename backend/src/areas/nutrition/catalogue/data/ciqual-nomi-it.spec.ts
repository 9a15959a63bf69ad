import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The Italian names are written by the project; the codes must match the publisher's table.
const TSV = join(__dirname, 'ciqual-nomi-it.tsv');
const FOODS_DIR = process.env.FOODS_DATA_DIR ?? resolve(__dirname, '../../../../../../../shared/data/foods');
const CIQUAL_XML = join(FOODS_DIR, 'ciqual-2025', 'alim_2025_11_03.xml');

const lines = readFileSync(TSV, 'utf8').replace(/\n$/, '').split('\n');
const rows = lines.slice(1).map((line) => line.split('\t'));

describe('nomi italiani CIQUAL', () => {
  it('ha l’intestazione codice, nome, sinonimi e tre colonne per riga', () => {
    expect(lines[0]).toBe('codice\tnome\tsinonimi');
    expect(rows.filter((r) => r.length !== 3)).toEqual([]);
  });

  it('non ripete codici né nomi e non ha nomi vuoti', () => {
    const codes = rows.map((r) => r[0]);
    const names = rows.map((r) => r[1].toLowerCase());
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(rows.filter((r) => !/^\d+$/.test(r[0]) || r[1].trim() === '')).toEqual([]);
  });

  it('tiene i nomi entro 120 caratteri e senza caratteri di controllo', () => {
    expect(rows.filter((r) => r[1].length > 120)).toEqual([]);
    // eslint-disable-next-line no-control-regex
    expect(lines.filter((l) => /[\u0000-\u0008\u000a-\u001f\u007f]/.test(l))).toEqual([]);
  });
});

const tablePresent = existsSync(CIQUAL_XML);
const withTable = tablePresent ? describe : describe.skip;

withTable(
  tablePresent
    ? 'nomi italiani CIQUAL rispetto alla tabella ANSES'
    : `nomi italiani CIQUAL rispetto alla tabella ANSES (saltato: ${CIQUAL_XML} assente, impostare FOODS_DATA_DIR)`,
  () => {
    it('coprono esattamente i codici alim_code della tabella', () => {
      const xml = readFileSync(CIQUAL_XML, 'utf8');
      const xmlCodes = [...xml.matchAll(/<alim_code>\s*(\d+)\s*<\/alim_code>/g)].map((m) => m[1]);
      expect(rows.map((r) => r[0]).sort()).toEqual([...new Set(xmlCodes)].sort());
    });
  },
);
