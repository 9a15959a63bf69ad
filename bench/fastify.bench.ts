/**
 * BENCH_ONLY=fastify: the toggle workload of the 'availability' section on the app over Express (the production
 * bootstrap, app.ts) and over NestJS's Fastify adapter (the bench variant app-fastify.ts, started with
 * BENCH_HTTP_ADAPTER=fastify), in the same run. The rule: switch only if Fastify gives at least 1.5 × the toggles per second.
 *
 * Each run starts a server process on a fresh data directory (demo seed), logs 8 clients in, measures toggles per
 * second (8 concurrent loops, each on its own doctor-day) and then the push p99 to 200 watching sockets. The adapters
 * alternate, Express first in odd rounds and Fastify first in even ones, so that a drift of the machine's load
 * weighs on both; the figures are the medians of the rounds (BENCH_FASTIFY_ROUNDS, 3 by default). The machine's
 * load (`uptime`) is printed beside every run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { login, measurePush, startServerProcess, toggleThroughput } from './availability.bench';
import { postJson } from './http-client';
import { percentile } from './stats';

type Adapter = 'express' | 'fastify';
interface Run {
  adapter: Adapter;
  toggles: number;
  pushP99: number;
  load: string;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const load = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average: /, 'load ');

export async function fastifyBench(dataDir: string): Promise<void> {
  const rounds = Number(process.env.BENCH_FASTIFY_ROUNDS ?? 3);
  console.log(`\n== Express e Fastify (NestJS), stesso carico di toggle, ${rounds} turni alternati; ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  const runs: Run[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: Adapter[] = round % 2 === 0 ? ['express', 'fastify'] : ['fastify', 'express'];
    for (const adapter of order) {
      const run = await measure(adapter, join(dataDir, `${adapter}-${round}`));
      runs.push(run);
      console.log(`turno ${round + 1}, ${adapter.padEnd(7)}: ${run.toggles.toFixed(0)} toggle/s, push p99 ${run.pushP99.toFixed(2)} ms (${run.load})`);
    }
  }
  const of = (adapter: Adapter) => runs.filter((r) => r.adapter === adapter);
  const express = { toggles: median(of('express').map((r) => r.toggles)), pushP99: median(of('express').map((r) => r.pushP99)) };
  const fastify = { toggles: median(of('fastify').map((r) => r.toggles)), pushP99: median(of('fastify').map((r) => r.pushP99)) };
  console.log(`mediane: Express ${express.toggles.toFixed(0)} toggle/s, push p99 ${express.pushP99.toFixed(2)} ms`);
  console.log(`         Fastify ${fastify.toggles.toFixed(0)} toggle/s, push p99 ${fastify.pushP99.toFixed(2)} ms`);
  const ratio = fastify.toggles / express.toggles;
  console.log(
    `Fastify / Express: ${ratio.toFixed(2)}× i toggle/s, ${(fastify.pushP99 / express.pushP99).toFixed(2)}× il push p99 (soglia per il passaggio: ≥ 1,5× i toggle/s)`,
  );
}

async function measure(adapter: Adapter, dataDir: string): Promise<Run> {
  mkdirSync(dataDir, { recursive: true });
  const server = await startServerProcess(dataDir, adapter === 'fastify' ? { BENCH_HTTP_ADAPTER: 'fastify' } : {});
  try {
    const base = server.base;
    const clients = await Promise.all(Array.from({ length: 8 }, () => login(base, 'medico1@example.it')));
    const doctorId = clients[0].userId;
    const toggle = (c: { cookie: string; csrf: string }, start: number) =>
      postJson(
        `${base}/disponibilita/toggle`,
        { cookie: c.cookie, 'x-csrf-token': c.csrf },
        { for: doctorId, start: iso(start), end: iso(start + 30 * 60_000) },
      );
    // the same loops as the 'availability' section: each client on its own doctor-day
    const toggles = (await toggleThroughput(clients.length, (i, start) => toggle(clients[i], start))).rate;
    const push = await measurePush(base, base, doctorId, (start) => toggle(clients[0], start));
    return {
      adapter,
      toggles,
      pushP99: percentile(
        [...push.fromRequest].sort((a, b) => a - b),
        99,
      ),
      load: load(),
    };
  } finally {
    await server.stop();
  }
}
