import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { redisChangeFeed, type ChangeFeed } from './change-feed';

// a backend instance of the scale-out topology waits on Redis for the worker's commits (REDIS_URL, or REDIS_TEST_URL)
const redisUrl = process.env.REDIS_URL ?? process.env.REDIS_TEST_URL;

(redisUrl ? describe : describe.skip)('the Redis change feed: read-your-writes in a backend instance', () => {
  const prefix = `test-${randomUUID()}:`;
  // opened in beforeAll: a skipped describe still runs its body, and a client opened here would keep jest alive
  let pub: Redis;
  const feeds: ChangeFeed[] = [];
  beforeAll(() => {
    pub = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.close()));
    await pub.quit();
  });
  const publish = (position: number) => pub.publish(`${prefix}read-model-changes`, JSON.stringify({ position, changes: [] }));
  /** a feed whose checkpoint reads answer only when the test says so */
  const feedWithSlowCheckpoint = async () => {
    const reads: ((position: number) => void)[] = [];
    const feed = redisChangeFeed(redisUrl!, prefix, () => new Promise<number>((resolve) => reads.push(resolve)));
    feeds.push(feed);
    // subscribed once a publish reaches someone
    while ((await pub.pubsub('NUMSUB', `${prefix}read-model-changes`))[1] === 0) await new Promise((r) => setTimeout(r, 10));
    return { feed, reads };
  };

  it('a commit announced while the checkpoint is being read is not lost: the wait ends at once', async () => {
    const { feed, reads } = await feedWithSlowCheckpoint();
    const waited = feed.waitFor(10, 2000).then(() => 'held');
    await new Promise((r) => setTimeout(r, 20));
    await publish(10);
    await new Promise((r) => setTimeout(r, 50));
    // the checkpoint read started before the announcement answers with what it saw then
    reads.forEach((answer) => answer(5));
    expect(await Promise.race([waited, new Promise((r) => setTimeout(() => r('timed out'), 1000))])).toBe('held');
  });

  it('without the announcement (lost message), the checkpoint read again ends the wait', async () => {
    const { feed, reads } = await feedWithSlowCheckpoint();
    const waited = feed.waitFor(20, 3000);
    await new Promise((r) => setTimeout(r, 50));
    reads.splice(0).forEach((answer) => answer(5));
    // the worker committed 20 but its message never arrived: the next read of the checkpoint says so
    while (reads.length === 0) await new Promise((r) => setTimeout(r, 20));
    reads.forEach((answer) => answer(20));
    await expect(waited).resolves.toBeUndefined();
  });

  it('a position never reached ends in an error after the timeout', async () => {
    const feed = redisChangeFeed(redisUrl!, prefix, async () => 3);
    feeds.push(feed);
    await expect(feed.waitFor(99, 300)).rejects.toThrow('read model non aggiornato alla posizione 99 entro 300 ms');
  });
});
