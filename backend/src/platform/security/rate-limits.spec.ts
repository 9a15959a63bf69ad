import { randomUUID } from 'node:crypto';
import { RateLimits, TooManyRequestsError, loginSlowdownMs } from './rate-limits';

const config = (prefix: string) => ({
  loginAccount: 3,
  loginClient: 5,
  loginSlowdown: 10,
  registration: 2,
  hold: 2,
  coupon: 2,
  socket: 4,
  passwordReset: 2,
  socketsPerClient: 3,
  emailConfirmation: 2,
  passwordCheck: 2,
  webhook: 2,
  prefix,
});

async function refusal(p: Promise<unknown>): Promise<TooManyRequestsError | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (e instanceof TooManyRequestsError) return e;
    throw e;
  }
}

describe('rate limits (memory store)', () => {
  const limits = new RateLimits(config(`test-${randomUUID()}`));
  afterAll(() => limits.close());

  it('counts failures apart from the check: allowed until the limit, then refused with the seconds to wait', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await refusal(limits.loginAccount.ensureAllowed('conto'))).toBeNull();
      await limits.loginAccount.recordFailure('conto');
    }
    const refused = await refusal(limits.loginAccount.ensureAllowed('conto'));
    expect(refused).toMatchObject({ status: 429, code: 'troppe_richieste' });
    expect(refused!.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(refused!.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // another key is untouched; a reset frees the key
    expect(await refusal(limits.loginAccount.ensureAllowed('altro'))).toBeNull();
    await limits.loginAccount.reset('conto');
    expect(await refusal(limits.loginAccount.ensureAllowed('conto'))).toBeNull();
  });

  it('an account guessed from anywhere slows down, a second per failure past the threshold, never more than ten: never locked', () => {
    expect([0, 9, 10, 11, 14, 19, 50, 10_000].map((failures) => loginSlowdownMs(failures, 10))).toEqual([0, 0, 1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });

  it('consume refuses the call past the limit; giveBack returns one point', async () => {
    await limits.hold.consume('g');
    await limits.hold.consume('g');
    await limits.hold.giveBack('g');
    expect(await limits.hold.used('g')).toBe(1);
    await limits.hold.consume('g');
    expect(await refusal(limits.hold.consume('g'))).toMatchObject({ status: 429 });
  });

  it('consume refuses the call past the limit', async () => {
    await limits.hold.consume('c');
    await limits.hold.consume('c');
    expect(await refusal(limits.hold.consume('c'))).toMatchObject({ status: 429 });
  });
});

// with REDIS_URL (or a local Redis on the default port when REDIS_TEST_URL is set) the limit holds across instances
const redisUrl = process.env.REDIS_URL ?? process.env.REDIS_TEST_URL;
(redisUrl ? describe : describe.skip)('rate limits in Redis: one limit across instances', () => {
  const prefix = `test-${randomUUID()}`;
  const a = new RateLimits(config(prefix), redisUrl);
  const b = new RateLimits(config(prefix), redisUrl);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('two instances share the count', async () => {
    await a.coupon.recordFailure('1.2.3.4');
    await b.coupon.recordFailure('1.2.3.4');
    expect(await refusal(a.coupon.ensureAllowed('1.2.3.4'))).toMatchObject({ status: 429, code: 'troppi_tentativi' });
    expect(await refusal(b.coupon.ensureAllowed('1.2.3.4'))).toMatchObject({ status: 429 });
    expect(await refusal(b.coupon.ensureAllowed('5.6.7.8'))).toBeNull();
  });
});
