/**
 * A separate process running only the outbox worker over SMTP, for the kill -9 test
 * (notifications/outbox.crash.int.spec.ts). Env: DATA_DIR, SMTP_URL; PAUSE_AT=n makes the n-th send hang after the
 * SMTP server accepted it and before it is marked sent, printing PAUSED, so the test can kill -9 it right there.
 * Prints DONE <sent> when nothing is left due.
 */
import { loadConfig } from '../config/config';
import { closeCore, openCore } from '../infrastructure/core';
import { smtpTransport } from '../notifications/mail-transport';
import { OutboxWorker } from '../notifications/outbox-worker';
import { systemClock } from '../common/clock';
import { DecideHandler, type Decide } from '../event-store/decide.command';

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: process.env.DATA_DIR,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NOTIFY_LEASE_SECONDS: '0',
    SMTP_URL: process.env.SMTP_URL,
  });
  const core = await openCore(config);
  await core.runner.start();
  const pauseAt = Number(process.env.PAUSE_AT ?? 0);
  let sends = 0;
  // no Nest here: the bus is the one Decide handler, as the app registers it
  const decide = new DecideHandler(core.eventStore);
  const worker = new OutboxWorker({
    core,
    commands: { execute: (command: unknown) => decide.execute(command as Decide<unknown, unknown, { type: string; data: unknown }>) as never },
    clock: systemClock,
    transport: smtpTransport(config.mail.smtpUrl!),
    log: { warn: (m) => console.error(m), error: (m) => console.error(m) },
    concurrency: 1,
    afterSend: async () => {
      if (++sends !== pauseAt) return;
      process.stdout.write('PAUSED\n');
      await new Promise(() => undefined);
    },
  });
  let total = 0;
  for (;;) {
    const sent = await worker.runDue();
    total += sent;
    await core.changes.waitFor(await core.eventStore.headPosition(), 10_000);
    if (sent === 0) break;
  }
  process.stdout.write(`DONE ${total}\n`);
  await closeCore(core);
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
