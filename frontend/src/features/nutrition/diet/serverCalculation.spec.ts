import { LatestRequest } from './serverCalculation';

/** a fetch whose answers the test releases one by one, honouring abort signals like the real one */
function controllableFetch() {
  const pending: { body: string; headers: Record<string, string>; signal: AbortSignal; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const fetcher = (async (request: Request) => {
    const body = await request.text();
    return new Promise((resolve, reject) => {
      const signal = request.signal;
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      pending.push({ body, headers: Object.fromEntries(request.headers), signal, resolve, reject });
    });
  }) as unknown as (request: Request) => Promise<Response>;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const answer = (index: number, json: unknown, status = 200) => pending[index].resolve({ ok: status >= 200 && status < 300, status, json: async () => json });
  return { fetcher, pending, answer, settle };
}

describe('LatestRequest: the newest calculation wins', () => {
  it('aborts the request in flight when a new one starts, so a slow old answer is never shown', async () => {
    const { fetcher, pending, answer, settle } = controllableFetch();
    const request = new LatestRequest<{ kcal: number }>(fetcher);
    const first = request.post('http://localhost/api/diet-tools/calculate', { grams: 80 }, 'tok');
    await settle();
    const second = request.post('http://localhost/api/diet-tools/calculate', { grams: 160 }, 'tok');
    await settle();
    expect(pending[0].signal.aborted).toBe(true);
    expect(pending[1].signal.aborted).toBe(false);
    answer(1, { kcal: 565 });
    // the old answer arriving late (a server that ignored the abort) is still dropped
    answer(0, { kcal: 282 });
    await expect(second).resolves.toEqual({ ok: true, data: { kcal: 565 } });
    await expect(first).resolves.toEqual({ ok: 'aborted' });
  });

  it('drops an answer whose body was still being read when a newer request started', async () => {
    let releaseBody!: (v: unknown) => void;
    const fetcher = jest
      .fn()
      .mockResolvedValueOnce({ ok: true, status: 200, json: () => new Promise((r) => (releaseBody = r)) })
      .mockResolvedValueOnce({ ok: true, status: 200, json: async () => ({ kcal: 2 }) });
    const request = new LatestRequest<{ kcal: number }>(fetcher);
    const first = request.post('http://localhost/u', {}, undefined);
    await Promise.resolve();
    await Promise.resolve();
    const second = request.post('http://localhost/u', {}, undefined);
    releaseBody({ kcal: 1 });
    await expect(first).resolves.toEqual({ ok: 'aborted' });
    await expect(second).resolves.toEqual({ ok: true, data: { kcal: 2 } });
  });

  it("sends the form as JSON with the CSRF token and reports the server's Italian error", async () => {
    const { fetcher, pending, answer, settle } = controllableFetch();
    const request = new LatestRequest(fetcher);
    const result = request.post('http://localhost/api/diet-tools/calculate', { meals: {} }, 'tok');
    await settle();
    expect(JSON.parse(pending[0].body)).toEqual({ meals: {} });
    expect(pending[0].headers).toMatchObject({ 'content-type': 'application/json', 'x-csrf-token': 'tok' });
    answer(0, { error: { code: 'dati_non_validi', message: 'I grammi non possono essere negativi.' } }, 400);
    await expect(result).resolves.toEqual({ ok: false, error: 'I grammi non possono essere negativi.' });
  });
});
