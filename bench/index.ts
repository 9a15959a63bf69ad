/**
 * npm run bench: figures on the embedded default (SQLite events + SQLite read models).
 * Each section prints its own lines; nothing here asserts: it measures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availabilityBench } from './availability.bench';
import { dietBench } from './diet.bench';
import { holdsBench } from './holds.bench';
import { paymentsBench } from './payments.bench';
import { replayBench } from './replay.bench';
import { auditBench } from './audit.bench';
import { notificationsBench } from './notifications.bench';

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  try {
    console.log(`Node ${process.version}, ${new Date().toISOString()}, dati in ${root}`);
    // BENCH_ONLY=notifications,holds runs only those sections
    const only = process.env.BENCH_ONLY?.split(',').map((x) => x.trim());
    const section = (name: string) => !only || only.includes(name);
    if (section('availability')) await availabilityBench(join(root, 'app'));
    if (section('holds')) await holdsBench(join(root, 'holds'));
    if (section('payments')) await paymentsBench(join(root, 'payments'));
    if (section('diet')) await dietBench(join(root, 'diet'));
    if (section('replay')) await replayBench(join(root, 'replay'), Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000));
    if (section('audit')) await auditBench(join(root, 'audit'), Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000));
    if (section('notifications')) await notificationsBench(join(root, 'notifications'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
