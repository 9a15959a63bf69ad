import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/** one erased person: who, when, by whom (what a restore needs to append PersonalDataErased again) */
export const ErasureRecord = z.object({
  subjectId: z.string().min(1),
  erasedAt: z.string().min(1),
  erasedBy: z.string().min(1),
  erasedByRole: z.string().min(1),
});
export type ErasureRecord = z.infer<typeof ErasureRecord>;

export interface LedgerContents {
  records: ErasureRecord[];
  /** lines that are not a record (a write cut short by a crash): reported, never fatal */
  unreadableLines: number;
}

/**
 * The erasure ledger: an append-only file of JSON lines, one per erasure, kept outside the data
 * directory and outside every backup. A backup taken before an erasure still holds the person's key
 * and lacks the erasure event; restoring it applies the ledger again, so an erased person stays erased.
 */
export class ErasureLedger {
  constructor(readonly file: string) {}

  /** appended and on disk before it returns (the key is destroyed right after) */
  record(entry: ErasureRecord): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const fd = openSync(this.file, 'a', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(ErasureRecord.parse(entry))}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** there from the first start, empty: a restore can tell a ledger with no erasures from a lost one */
  ensureExists(): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    closeSync(openSync(this.file, 'a', 0o600));
    chmodSync(this.file, 0o600);
  }

  read(): LedgerContents {
    return readLedger(this.file);
  }
}

export function readLedger(file: string): LedgerContents {
  if (!existsSync(file)) return { records: [], unreadableLines: 0 };
  const records: ErasureRecord[] = [];
  let unreadableLines = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let parsed: ReturnType<typeof ErasureRecord.safeParse>;
    try {
      parsed = ErasureRecord.safeParse(JSON.parse(line));
    } catch {
      unreadableLines++;
      continue;
    }
    if (parsed.success) records.push(parsed.data);
    else unreadableLines++;
  }
  return { records, unreadableLines };
}
