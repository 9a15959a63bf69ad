import { Store, type SessionData } from 'express-session';
import type { CompiledQuery } from 'kysely';
import type { AppDb } from '../kernel/app-db';

const DAY = 24 * 60 * 60 * 1000;

type SessionRow = { data: string; expires_at: number; erased: string | null };

/**
 * express-session store on the app database (SQLite or PostgreSQL), so sessions survive restarts.
 * No touch(): sessions expire a fixed time after login, and a read never costs a write.
 */
export class DbSessionStore extends Store {
  /**
   * Every request's first query, compiled once and run with its sid: building and compiling it again on every request
   * cost more than running it. A session of an erased person is no session, even one an in-flight request wrote back
   * after the erasure.
   */
  private readonly byId: CompiledQuery<SessionRow>;

  constructor(private readonly db: AppDb) {
    super();
    this.byId = db
      .selectFrom('sessions')
      .leftJoin('erased_subjects', 'erased_subjects.subject_id', 'sessions.user_id')
      .select(['sessions.data', 'sessions.expires_at', 'erased_subjects.subject_id as erased'])
      .where('sessions.sid', '=', '')
      .compile();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db
      .executeQuery<SessionRow>({ ...this.byId, parameters: [sid] })
      .then(({ rows: [row] }) => callback(null, row && !row.erased && Number(row.expires_at) > Date.now() ? (JSON.parse(row.data) as SessionData) : null))
      .catch(callback);
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + DAY;
    const data = JSON.stringify(session);
    const userId = (session as { user?: { id?: string } }).user?.id ?? null;
    this.db
      .insertInto('sessions')
      .values({ sid, data, expires_at: expires, user_id: userId })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ data, expires_at: expires, user_id: userId }))
      .execute()
      .then(() => callback?.())
      .catch((e) => callback?.(e));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback?.())
      .catch((e) => callback?.(e));
  }

  /**
   * Ends every session of an account (but `keep`), answering their ids so their sockets can be closed too.
   * Sessions are JSON rows: the LIKE narrows to rows naming the id, the parse confirms it is the session's user.
   */
  async destroyAccountSessions(userId: string, keep?: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['sid', 'data'])
      .where('data', 'like', `%${userId.replace(/[%_\\]/g, '')}%`)
      .execute();
    const ended = rows.filter((r) => r.sid !== keep && (JSON.parse(r.data) as SessionData).user?.id === userId).map((r) => r.sid);
    if (ended.length > 0) await this.db.deleteFrom('sessions').where('sid', 'in', ended).execute();
    return ended;
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', Date.now()).execute();
    await this.db.deleteFrom('sessions').where('user_id', 'in', this.db.selectFrom('erased_subjects').select('subject_id')).execute();
  }
}
