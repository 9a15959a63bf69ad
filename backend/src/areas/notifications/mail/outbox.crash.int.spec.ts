import { bookingStreamName, type EventMetadata } from '@studio/contracts';
import type { NotificationDoc } from './notifications.projection';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import { startTestApp, type TestApp } from '../../../testing/test-app';

const ROOT = join(__dirname, '../../../../..');
const BOOKINGS = 8;

function runChild(dataDir: string, smtpUrl: string, pauseAt?: number): { child: ChildProcess; line: (prefix: string) => Promise<string> } {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, '../../../testing/outbox-child.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, SMTP_URL: smtpUrl, PAUSE_AT: pauseAt ? String(pauseAt) : '', SWCRC: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  const line = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = out.split('\n').find((l) => l.startsWith(prefix));
        if (found) return (clearInterval(timer), resolve(found));
        if (child.exitCode !== null) (clearInterval(timer), reject(new Error(`processo figlio uscito (${child.exitCode}): ${err}`)));
      };
      const timer = setInterval(check, 20);
    });
  return { child, line };
}

describe('the outbox across kill -9 (a child process killed between SMTP send and mark)', () => {
  let app: TestApp | undefined;
  let smtp: TestSmtp;
  let dataDir: string;
  afterAll(async () => {
    await smtp?.close();
  });

  it('every message arrives; the one in doubt at the kill arrives twice with the same Message-ID, nothing else does', async () => {
    smtp = await startTestSmtp();
    // decide the messages with the whole app (it sends nothing: NOTIFY_WORKER=false), then stop it
    app = await startTestApp({ NOTIFY_WORKER: 'false', HOLD_SWEEP_SECONDS: '0' });
    dataDir = app.dataDir;
    const patient = app.ids['paziente1@example.it'];
    const doctor = app.ids['medico1@example.it'];
    const meta: EventMetadata = { userId: 'system', role: 'system', at: new Date().toISOString(), correlationId: 'c', causationId: 'c' };
    for (let i = 0; i < BOOKINGS; i++) {
      const id = `crash-${i}`;
      const start = `2031-01-${String(10 + i).padStart(2, '0')}T09:00:00Z`;
      await app.core.eventStore.append(
        bookingStreamName(id),
        [
          {
            type: 'BookingHeld',
            data: {
              bookingId: id,
              patientId: patient,
              doctorId: doctor,
              slotId: `${doctor}_${start}`,
              start,
              end: start.replace('09:00', '09:30'),
              expiresAt: '2031-01-01T00:00:00.000Z',
            },
            metadata: meta,
          },
          { type: 'BookingConfirmed', data: { bookingId: id, orderId: `o-${id}` }, metadata: meta },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
    const expected = BOOKINGS * 2;
    for (let tries = 0; ; tries++) {
      await app.core.changes.waitFor(await app.core.eventStore.headPosition());
      const due = await app.core.readModels.find<NotificationDoc>('notifications', { kind: 'booking_confirmed' });
      if (due.length === expected || tries > 100) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // stop the app, keeping its data directory
    await app.app.close();
    const { closeCore } = await import('../../../app/infrastructure/core');
    await closeCore(app.core);

    const first = runChild(dataDir, smtp.url, 3);
    await first.line('PAUSED');
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(smtp.received).toHaveLength(3);

    const second = runChild(dataDir, smtp.url);
    const done = await second.line('DONE');
    await new Promise((r) => second.child.once('exit', r));
    expect(done).toBe(`DONE ${expected - 2}`);

    const ids = smtp.received.map((m) => m.messageId!);
    const unique = new Set(ids);
    const duplicates = ids.length - unique.size;
    console.log(
      `kill -9 tra invio e registrazione: ${expected} messaggi attesi, ${unique.size} distinti arrivati, ${duplicates} doppione (la sola eccezione documentata)`,
    );
    expect(unique.size).toBe(expected);
    expect(duplicates).toBe(1);
    // the duplicate is the message in doubt at the kill, sent again with the same Message-ID
    expect(ids.filter((id) => id === ids[2])).toHaveLength(2);
    const { rmSync } = await import('node:fs');
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
