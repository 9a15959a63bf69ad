/**
 * zod, the first time it parses an object, probes whether `new Function` is allowed (its faster "JIT" parsers);
 * the Content-Security-Policy forbids it (script-src without 'unsafe-eval'), so every page that parses showed a CSP
 * violation in the console and in Lighthouse's best practices. zod reads its global configuration from this
 * global when it loads (zod/v4/core, `globalThis.__zod_globalConfig`): set before any chunk with zod runs, it keeps
 * zod from probing. main.tsx imports this first; zod's own chunks come later, dynamically.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
