import type { AppDb } from '../kernel/app-db';
import type { SubjectKeyWrapping } from './subject-key-wrapping';

/**
 * Re-wraps every stored subject key under the current key-encryption key (keys wrapped under the previous one, and
 * keys stored before wrapping). Each row is replaced only if it is still what was read: a key erased or re-wrapped
 * meanwhile by another instance is left as it is, so this runs beside the serving instances. Returns how many rows
 * were re-wrapped and how many were already current.
 */
export async function rewrapSubjectKeys(db: AppDb, wrapping: SubjectKeyWrapping): Promise<{ rewrapped: number; current: number }> {
  let rewrapped = 0;
  let current = 0;
  let after = '';
  for (;;) {
    const rows = await db.selectFrom('subject_keys').select(['subject_id', 'key']).where('subject_id', '>', after).orderBy('subject_id').limit(500).execute();
    if (rows.length === 0) return { rewrapped, current };
    for (const row of rows) {
      if (wrapping.isCurrent(row.key)) {
        current++;
        continue;
      }
      const key = wrapping.unwrap(row.subject_id, row.key);
      const result = await db
        .updateTable('subject_keys')
        .set({ key: wrapping.wrap(row.subject_id, key) })
        .where('subject_id', '=', row.subject_id)
        .where('key', '=', row.key)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) rewrapped++;
    }
    after = rows[rows.length - 1].subject_id;
  }
}
