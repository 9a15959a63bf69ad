/**
 * The figures of the engine's table, each beside its limit measured in the same run.
 * Sections record what they measured; index.ts prints the table at the end.
 */
export type Figure =
  | 'rawAppend1'
  | 'rawAppend16'
  | 'rawScan'
  | 'toggles'
  | 'baselineToggles'
  | 'durableBaselineToggles'
  | 'sessionReads'
  | 'holds'
  | 'replay'
  | 'rebuildSlots'
  | 'pushP99'
  | 'baselinePushP99'
  | 'durableBaselinePushP99'
  | 'crossPushP99'
  | 'crossToggles'
  | 'sqliteStoreAppends'
  | 'sqliteStoreReadAll'
  | 'sqliteStoreLagP99'
  | 'pgStoreAppends'
  | 'pgStoreReadAll'
  | 'pgStoreLagP99'
  | 'pgNotifyLagP99'
  | 'pgNotifyReadLagP99'
  | 'pgRawAppends';

const figures = new Map<Figure, number>();

export function record(figure: Figure, value: number): void {
  figures.set(figure, value);
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? '–' : `${(a / b).toFixed(2)}×`);

export function printTable(): void {
  const f = (k: Figure) => figures.get(k);
  const rows: [string, string, string, string][] = [];
  if (f('rawAppend1') !== undefined) {
    rows.push(['SQLite grezzo: append/s, 1 evento per transazione (WAL, synchronous=FULL)', fmt(f('rawAppend1')), '', '']);
    rows.push(['SQLite grezzo: append/s, 16 eventi per transazione', fmt(f('rawAppend16')), '', '']);
  }
  if (f('rawScan') !== undefined) rows.push(['SQLite grezzo: lettura + JSON.parse, eventi/s', fmt(f('rawScan')), '', '']);
  if (f('toggles') !== undefined)
    rows.push([
      'toggle via HTTP, 8 client, toggle/s',
      fmt(f('toggles')),
      `${ratio(f('toggles'), f('rawAppend1'))} append grezzi (1/txn); ${ratio(f('toggles'), f('baselineToggles'))} server di base; ${ratio(f('toggles'), f('durableBaselineToggles'))} base durevole`,
      '≥ 2.000/s e ≥ 0,5× la base durevole',
    ]);
  if (f('sessionReads') !== undefined)
    rows.push([
      'soffitto dello stack HTTP: GET /api/auth/session, 8 client, richieste/s',
      fmt(f('sessionReads')),
      `${ratio(f('sessionReads'), f('durableBaselineToggles'))} base durevole; il toggle ne fa ${ratio(f('toggles'), f('sessionReads'))}`,
      '',
    ]);
  if (f('baselineToggles') !== undefined)
    rows.push(['server di base (node:http, stato in memoria, nessun disco), toggle/s, stesso client', fmt(f('baselineToggles')), '', '']);
  if (f('durableBaselineToggles') !== undefined)
    rows.push(['server di base durevole (node:http + append SQLite, WAL, synchronous=FULL), toggle/s', fmt(f('durableBaselineToggles')), '', '']);
  if (f('holds') !== undefined)
    rows.push(['hold via HTTP, 8 client, hold/s', fmt(f('holds')), `${ratio(f('holds'), f('rawAppend1'))} append grezzi (1/txn)`, '≥ 1.000/s']);
  if (f('replay') !== undefined)
    rows.push(['replay delle proiezioni da zero, eventi/s', fmt(f('replay')), `${ratio(f('replay'), f('rawScan'))} lettura grezza`, '≥ 150.000/s e ≥ 0,5×']);
  if (f('rebuildSlots') !== undefined)
    rows.push([
      'ricostruzione di availability_slots, eventi/s',
      fmt(f('rebuildSlots')),
      `${ratio(f('rebuildSlots'), f('rawScan'))} lettura grezza`,
      '≥ 100.000/s',
    ]);
  if (f('pushP99') !== undefined)
    rows.push([
      "push a 200 socket dopo un toggle (dall'invio), p99 ms",
      fmt(f('pushP99'), 2),
      `${ratio(f('pushP99'), f('baselinePushP99'))} server di base (p99 ${fmt(f('baselinePushP99'), 2)} ms); ${ratio(f('pushP99'), f('durableBaselinePushP99'))} base durevole (p99 ${fmt(f('durableBaselinePushP99'), 2)} ms)`,
      '≤ 1,25× la base durevole',
    ]);
  if (f('crossPushP99') !== undefined) rows.push(['push tra istanze (toggle su A, 200 socket su B), p99 ms', fmt(f('crossPushP99'), 2), '', '≤ 50 ms']);
  if (f('crossToggles') !== undefined)
    rows.push(['toggle/s su due istanze insieme', fmt(f('crossToggles')), `${ratio(f('crossToggles'), f('rawAppend1'))} append grezzi (1/txn)`, '']);
  if (f('pgStoreAppends') !== undefined) {
    rows.push([
      'event store PostgreSQL: append/s, 16 client, 1 evento',
      fmt(f('pgStoreAppends')),
      `${ratio(f('pgStoreAppends'), f('pgRawAppends'))} insert grezzi sotto lo stesso lock (${fmt(f('pgRawAppends'))}/s); ${ratio(f('pgStoreAppends'), f('sqliteStoreAppends'))} SQLite (${fmt(f('sqliteStoreAppends'))}/s)`,
      '≥ 0,7× gli insert grezzi',
    ]);
    rows.push([
      'event store PostgreSQL: lettura di tutto, eventi/s',
      fmt(f('pgStoreReadAll')),
      `${ratio(f('pgStoreReadAll'), f('sqliteStoreReadAll'))} SQLite (${fmt(f('sqliteStoreReadAll'))}/s)`,
      '',
    ]);
    rows.push([
      'event store PostgreSQL: ritardo della sottoscrizione, p99 ms',
      fmt(f('pgStoreLagP99'), 2),
      `NOTIFY nudo p99 ${fmt(f('pgNotifyLagP99'), 2)} ms, NOTIFY + una lettura ${fmt(f('pgNotifyReadLagP99'), 2)} ms; SQLite p99 ${fmt(f('sqliteStoreLagP99'), 2)} ms`,
      '≤ 20 ms',
    ]);
  }
  if (rows.length === 0) return;
  console.log('\n== Motore: cifre accanto ai limiti misurati in questa esecuzione');
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  |  '));
}
