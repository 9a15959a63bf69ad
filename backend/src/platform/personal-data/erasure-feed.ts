import { Client } from 'pg';

/**
 * How the instances sharing one PostgreSQL database tell each other of an erasure: NOTIFY on a channel every instance
 * LISTENs on. An instance drops the erased person's key from its cache when the notification arrives (PostgreSQL
 * delivers it once the erasure has committed). While its listening connection is down it cannot know, so it keeps no
 * key in its cache at all and reads each from the database, where the key is already gone.
 */
export class ErasureFeed {
  private client?: Client;
  private closing = false;
  /** changes on every erasure heard and every loss or return of the connection: a key read across a change is not cached */
  generation = 0;
  private readonly listeners = new Set<(subjectId: string) => void>();

  constructor(
    private readonly connectionString: string,
    readonly channel = 'subject_erased',
    private readonly retryMs = 500,
  ) {
    void this.listen();
  }

  /** true while notifications can arrive: only then may a key be cached */
  get listening(): boolean {
    return this.client !== undefined;
  }

  onErased(listener: (subjectId: string) => void): void {
    this.listeners.add(listener);
  }

  private async listen(): Promise<void> {
    while (!this.closing) {
      const client = new Client({ connectionString: this.connectionString });
      let lost!: () => void;
      const ended = new Promise<void>((resolve) => (lost = resolve));
      client.on('error', () => lost());
      client.on('end', () => lost());
      client.on('notification', (message) => {
        this.generation++;
        for (const listener of this.listeners) listener(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN "${this.channel}"`);
        // erasures made while not listening are unknown: everything cached before is dropped
        this.generation++;
        for (const listener of this.listeners) listener('*');
        this.client = client;
        await ended;
      } catch {
        // the database is not reachable: nothing is cached meanwhile; try again
      }
      this.client = undefined;
      this.generation++;
      for (const listener of this.listeners) listener('*');
      await client.end().catch(() => undefined);
      if (!this.closing) await new Promise((resolve) => setTimeout(resolve, this.retryMs));
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
  }
}
