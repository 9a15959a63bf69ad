import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ProjectionDefinition, StoredDocument, WhereValue } from './projection';

// the read-model store's SQL pieces shared by its readers and writers: names checked, lists chunked, documents encoded

export const IDENT = /^[a-z][a-z0-9_]*$/;
export const RESERVED_COLUMNS = new Set(['id', 'doc', 'position']);
export const REGISTRY = 'rm_registry';
export const CHECKPOINTS = 'rm_checkpoints';
/** ids are sent as bound parameters; keep each statement well under SQLite's and PG's limits */
export const CHUNK = 500;

export function ident(name: string, what: string): string {
  if (!IDENT.test(name) || name.length > 63) throw new Error(`Nome non valido per ${what}: ${JSON.stringify(name)}`);
  return name;
}

export const chunks = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** the secondary indexes of a definition: name suffix and columns */
export function indexesOf(def: ProjectionDefinition): { suffix: string; columns: string[] }[] {
  return [
    { suffix: 'position', columns: ['position'] },
    ...Object.entries(def.indexes).map(([column, index]) =>
      index.then ? { suffix: `${column}_${ident(index.then, 'indice')}`, columns: [column, index.then] } : { suffix: column, columns: [column] },
    ),
  ];
}

export function isMissingTable(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '42P01' || /no such table/i.test(e?.message ?? '');
}

export type Row = { id: string; doc: unknown; position: number | string };

/** a document as its column holds it: JSON text on SQLite, jsonb on PostgreSQL */
export function encodeDoc(kind: 'sqlite' | 'postgres', doc: unknown) {
  const json = JSON.stringify(doc);
  return kind === 'postgres' ? sql`cast(${json} as jsonb)` : json;
}

export function decodeRow<D>(kind: 'sqlite' | 'postgres', row: Row): StoredDocument<D> {
  // SQLite holds JSON text; pg already parsed the jsonb
  const doc = (typeof row.doc === 'string' && kind === 'sqlite' ? JSON.parse(row.doc) : row.doc) as D;
  return { id: row.id, doc, position: Number(row.position) };
}

/** a find's where clause on one column */
export function conditions(eb: ExpressionBuilder<any, any>, column: string, value: WhereValue): Expression<SqlBool>[] {
  if (value === null) return [eb(column, 'is', null)];
  if (typeof value !== 'object') return [eb(column, '=', value)];
  const ops = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  const out: Expression<SqlBool>[] = [];
  for (const [op, operand] of Object.entries(value)) {
    if (operand === undefined) continue;
    if (op === 'in') {
      const list = operand as (string | number)[];
      out.push(list.length ? eb(column, 'in', list) : sql<SqlBool>`1 = 0`);
    } else if (op in ops) {
      out.push(eb(column, ops[op as keyof typeof ops], operand));
    } else {
      throw new Error(`Operatore sconosciuto in find: ${op}`);
    }
  }
  return out;
}
