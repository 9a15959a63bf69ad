import { csvTextOf, type AuditEventRow } from '@studio/contracts';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { auditCsv } from './auditCsv';

const FORMULA = /^[=+\-@\t\r]/;
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.tuple(fc.constantFrom('=', '+', '-', '@', '"', ';', "'", '\t'), fc.string()).map(([a, b]) => a + b),
);

describe("the auditor's CSV export", () => {
  it('no cell starts with a formula character, whatever a name, a stream or a type holds, and each reads back', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ stream: text, type: text, name: text, correlationId: text }), { maxLength: 5 }), (events) => {
        const rows: AuditEventRow[] = events.map((e, i) => ({
          position: i + 1,
          id: `e${i}`,
          stream: e.stream,
          revision: 0,
          type: e.type,
          category: 'altro',
          at: '2030-03-04T09:00:00.000Z',
          recordedAt: '2030-03-04T09:00:00.000Z',
          userId: `u${i}`,
          role: 'doctor',
          correlationId: e.correlationId,
          causationId: 'c',
        }));
        const cells = parse(
          auditCsv(rows, (userId) => events[Number(userId.slice(1))].name),
          { delimiter: ';', bom: true, record_delimiter: '\r\n' },
        ) as string[][];
        expect(cells).toHaveLength(rows.length + 1);
        for (const cell of cells.flat()) expect(cell).not.toMatch(FORMULA);
        events.forEach((e, i) => {
          const [, , stream, , type, who, correlation] = cells[i + 1].map(csvTextOf);
          expect([stream, type, who, correlation]).toEqual([e.stream, e.type, e.name, e.correlationId]);
        });
      }),
      // an event type named like an Object member (a counterexample this property once found) is always tried
      { examples: [[[{ stream: '', type: 'toString', name: '', correlationId: '' }]]] },
    );
  });
});
