import './zodJitless';
import { z } from 'zod';
import { italianZodError } from '@studio/contracts';

test('zod, loaded after it, takes the jitless setting and keeps the contracts’ Italian messages', () => {
  const probe = jest.spyOn(globalThis, 'Function');
  expect(z.config().jitless).toBe(true);
  expect(z.object({ a: z.number() }).safeParse({ a: 'x' }).success).toBe(false);
  // no `new Function` probe: the CSP forbids it in the browser
  expect(probe).not.toHaveBeenCalled();
  expect(z.config().localeError).toBe(italianZodError);
  probe.mockRestore();
});
