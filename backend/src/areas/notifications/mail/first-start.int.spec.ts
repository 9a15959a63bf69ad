import { bookingStreamName, type EventMetadata } from '@studio/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from '../../../app/app';
import { loadConfig } from '../../../platform/config/config';
import { closeCore, openCore } from '../../../app/infrastructure/core';
import { settle } from '../../../testing/settle';
import { startTestSmtp } from '../../../testing/smtp';

const meta: EventMetadata = { userId: 'system', role: 'system', at: new Date().toISOString(), correlationId: 'c', causationId: 'c' };
const confirmed = (id: string) => [
  {
    type: 'BookingHeld',
    data: {
      bookingId: id,
      patientId: 'p-x',
      doctorId: 'd-x',
      slotId: 's',
      start: '2031-01-10T09:00:00Z',
      end: '2031-01-10T09:30:00Z',
      expiresAt: '2031-01-01T00:00:00.000Z',
    },
    metadata: meta,
  },
  { type: 'BookingConfirmed', data: { bookingId: id, orderId: `o-${id}` }, metadata: meta },
];

it('a practice upgrading to notifications gets no emails for the bookings of its past, and does for the next ones', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-test-'));
  const smtp = await startTestSmtp();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      HOLD_SWEEP_SECONDS: '0',
      NOTIFY_POLL_MS: '100',
      FRONTEND_DIST: join(dataDir, 'none'),
    });
    config.frontendDist = null;
    // the past: seeded and booked before this feature existed
    const app0 = await startApp(config, { listen: false });
    const users = await app0.core.readModels.find<{ id: string; role: string }>('users', {});
    await app0.close();
    const core = await openCore(config);
    await core.appDb.deleteFrom('reactor_checkpoints').execute();
    const patient = users.find((u) => u.doc.role === 'patient')!.id;
    const doctor = users.find((u) => u.doc.role === 'doctor')!.id;
    const withPeople = (id: string) => confirmed(id).map((e) => ({ ...e, data: { ...e.data, patientId: patient, doctorId: doctor } }));
    await core.eventStore.append(bookingStreamName('old'), withPeople('old'), { expectedRevision: 'no_stream' });
    await closeCore(core);
    const before = smtp.received.length;

    const app = await startApp({ ...config, seedDemo: false }, { listen: false });
    try {
      await app.core.eventStore.append(bookingStreamName('new'), withPeople('new'), { expectedRevision: 'no_stream' });
      await smtp.waitFor(before + 2);
      // every reaction up to the head has run and the outbox has sent all it decided: no mail of the past can still come
      await settle(app);
      expect(
        smtp.received
          .slice(before)
          .map((m) => m.messageId)
          .sort(),
      ).toEqual(['<booking_confirmed-new-0-doctor@localhost>', '<booking_confirmed-new-0-patient@localhost>']);
    } finally {
      await app.close();
    }
  } finally {
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
