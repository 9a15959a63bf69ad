import { startServer, launchChromium } from '../frontend/e2e/harness';
async function cookieFor(base: string, email: string) {
  const v = await fetch(`${base}/api/auth/session`); const { csrfToken } = (await v.json()) as { csrfToken: string };
  const c = v.headers.getSetCookie().map((x) => x.split(';')[0]);
  const l = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: c.join('; ') }, body: JSON.stringify({ email, password: 'Password123!' }) });
  return [...c, ...l.headers.getSetCookie().map((x) => x.split(';')[0])].join('; ');
}
async function main() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    for (const [path, email] of [['/home', 'paziente1@example.it'], ['/prenota', undefined], ['/login', undefined]] as const) {
      const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (email) await ctx.setExtraHTTPHeaders({ Cookie: await cookieFor(server.url, email) });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(server.url + path);
      await page.waitForTimeout(5000);
      const { profile } = (await cdp.send('Profiler.stop')) as any;
      const self = new Map<string, number>(); const byUrl = new Map<string, number>();
      const dt = new Map<number, number>();
      profile.samples.forEach((id: number, i: number) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
      let total = 0;
      for (const n of profile.nodes) {
        const t = (dt.get(n.id) ?? 0) / 1000; if (!t) continue;
        const cf = n.callFrame; const url = cf.url.replace(/^.*\/assets\//, '');
        if (cf.functionName === '(idle)' || cf.functionName === '(program)') { byUrl.set(cf.functionName, (byUrl.get(cf.functionName) ?? 0) + t); continue; }
        total += t;
        const k = `${cf.functionName || '(anon)'} ${url}:${cf.lineNumber}:${cf.columnNumber}`;
        self.set(k, (self.get(k) ?? 0) + t); byUrl.set(url || cf.functionName, (byUrl.get(url || cf.functionName) ?? 0) + t);
      }
      console.log('=====', path, 'busy ms', total.toFixed(0));
      console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ${k}`).join('\n'));
      console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ${k}`).join('\n'));
      await ctx.close();
    }
  } finally { await browser.close(); await server.stop(); }
}
main().catch((e) => { console.error(e); process.exit(1); });
