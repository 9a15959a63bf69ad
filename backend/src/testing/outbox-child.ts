/**
 * A separate process running only the outbox worker over SMTP, for the kill -9 test
 * (notifications/outbox.crash.int.spec.ts). Env: DATA_DIR, SMTP_URL; PAUSE_AT=n makes the n-th send hang after the
 * SMTP server accepted it and before it is marked sent, printing PAUSED, so the test can kill -9 it right there.
 * Prints DONE <sent> when nothing is left due.
 */
import { loadConfig } from '../platform/config/config';
import { closeCore, openCore } from '../app/infrastructure/core';
import { smtpTransport } from '../areas/notifications/mail/mail-transport';
import { OutboxWorker } from '../areas/notifications/mail/outbox-worker';
import { systemClock } from '../platform/common/clock';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { EVENT_STORE } from '../platform/kernel/tokens';
import { outboxCommandHandlers } from '../areas/notifications/mail/outbox.commands';

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
  // no app here: a bus with the outbox's command handlers only, as the app registers them
  @Module({ imports: [CqrsModule.forRoot()], providers: [{ provide: EVENT_STORE, useValue: core.eventStore }, ...outboxCommandHandlers] })
  class OutboxBusModule {}
  const bus = await NestFactory.createApplicationContext(OutboxBusModule, { logger: false });
  await bus.init();
  const worker = new OutboxWorker({
    core,
    commands: bus.get(CommandBus),
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
