import { createHash } from 'node:crypto';
import { Client } from 'pg';

/**
 * Which periodic jobs (the workflow sweep with the payment reconciler, the outbox sender, the calendar roll, fiscal
 * retention, the external calendars' sync) this instance runs. Several instances on one PostgreSQL database: each job
 * has one holder, the instance whose session holds the job's advisory lock; the others ask again at each of their
 * ticks, so when the holder dies (its session ends, PostgreSQL frees the lock) the next tick of another instance takes
 * the job over.
 */
export interface JobLeases {
  /** true when this instance is to run `job` now (it holds, or has just taken, the job's lease) */
  holds(job: string): Promise<boolean>;
  close(): Promise<void>;
}

/** one instance (SQLite, or tests): every job runs here */
export const everyJobHere: JobLeases = { holds: async () => true, close: async () => undefined };

export class PgJobLeases implements JobLeases {
  private client?: Promise<Client>;
  private readonly held = new Set<string>();
  private closed = false;

  constructor(private readonly connectionString: string) {}

  async holds(job: string): Promise<boolean> {
    if (this.closed) return false;
    try {
      const client = await this.connection();
      if (this.held.has(job)) return true;
      const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS got', [jobKey(job)]);
      if (rows[0].got) this.held.add(job);
      return rows[0].got;
    } catch {
      // no session, no lease: the job waits for the next tick
      this.lost();
      return false;
    }
  }

  private connection(): Promise<Client> {
    if (!this.client) {
      const client = new Client({ connectionString: this.connectionString });
      client.on('error', () => this.lost());
      client.on('end', () => this.lost());
      this.client = client.connect().then(() => client);
      this.client.catch(() => this.lost());
    }
    return this.client;
  }

  /** the session is gone, and every lease with it (the server freed its locks) */
  private lost(): void {
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    void client?.then((c) => c.end()).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    await client?.then((c) => c.end()).catch(() => undefined);
  }
}

/** the advisory-lock key of a job: a signed 64-bit number from its name */
export const jobKey = (job: string): string => createHash('sha256').update(`job:${job}`).digest().readBigInt64BE().toString();
