import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { availabilityStreamName, slotId, userStreamName, type EventMetadata, type NewEvent } from '@studio/contracts';
import { auditEventsProjection } from '../backend/src/areas/audit/audit-events.projection';
import { availabilitySlotsProjection } from '../backend/src/areas/scheduling/availability/availability-slots.projection';
import { createReadModelStore, rebuildProjection } from '@studio/projections';
import { availabilityAsOf } from '../backend/src/areas/audit/audit.service';
import { SqliteEventStore } from '../backend/src/platform/event-store/sqlite-event-store';
import type { AuditLogFilter } from '../backend/src/platform/event-store/audit-log';
import { rawScanBench } from './limits.bench';
import { record } from './report';
import { summary } from './stats';

const DOCTOR = 'medico-audit';
const WEEK = { start: '2030-03-04T00:00:00Z', end: '2030-03-11T00:00:00Z' };
const BATCH = 1000;

/**
 * The auditor's figures over a log of `total` events appended straight through the SQLite adapter
 * (hash chain included): filler availability and booking events of other streams, with one
 * doctor's week of toggles spread through the whole log. Then: as-of replay of that doctor-week
 * at an instant in the middle of the log, and full rebuilds in events per second.
 */
export async function auditBench(dir: string, total: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const store = new SqliteEventStore(join(dir, 'events.db'));
  const base = Date.UTC(2030, 2, 1);
  let written = 0;
  const meta = (): EventMetadata => ({
    userId: 'bench',
    role: 'system',
    at: new Date(base + written).toISOString(),
    correlationId: `c${written}`,
    causationId: `c${written}`,
  });

  const t0 = performance.now();
  await store.append(
    userStreamName(DOCTOR),
    [
      {
        type: 'UserRegistered',
        data: { userId: DOCTOR, role: 'doctor', emailHash: 'h', passwordHash: 'p', personal: { keyId: DOCTOR, iv: '', tag: '', data: '' } },
        metadata: meta(),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  written++;
  const doctorSlots: string[] = [];
  for (let d = 0; d < 5; d++)
    for (let h = 9; h < 13; h++) for (const m of ['00', '30']) doctorSlots.push(`2030-03-0${4 + d}T${String(h).padStart(2, '0')}:${m}:00Z`);
  let toggle = 0;
  let middle = '';
  for (let batch = 0; written < total; batch++) {
    // one toggle of the doctor's week per batch: about 1,000 toggles spread over 1,000,000 events
    {
      const start = doctorSlots[toggle % doctorSlots.length];
      const end = new Date(Date.parse(start) + 30 * 60_000).toISOString().slice(0, 19) + 'Z';
      const type = Math.floor(toggle / doctorSlots.length) % 2 === 0 ? 'SlotOpened' : 'SlotClosed';
      await store.append(
        availabilityStreamName(DOCTOR, start.slice(0, 10)),
        [{ type, data: { doctorId: DOCTOR, slotId: slotId(DOCTOR, start), start, end }, metadata: meta() }],
        { expectedRevision: 'any' },
      );
      written++;
      toggle++;
    }
    if (!middle && written >= total / 2) middle = new Date(base + written).toISOString();
    const events: NewEvent[] = [];
    const filler = batch % 2 === 0 ? `availability-filler${batch % 400}-2030-01-${String(1 + (batch % 28)).padStart(2, '0')}` : `booking-filler${batch}`;
    for (let i = 0; i < BATCH && written < total; i++, written++) {
      const start = `2030-01-01T${String(8 + (i % 10)).padStart(2, '0')}:00:00Z`;
      events.push(
        batch % 2 === 0
          ? { type: i % 2 ? 'SlotClosed' : 'SlotOpened', data: { doctorId: 'filler', slotId: `filler~${i}`, start, end: start }, metadata: meta() }
          : { type: 'BookingHoldEnded', data: { bookingId: `filler${batch}`, reason: 'expired' }, metadata: meta() },
      );
    }
    await store.append(filler, events, { expectedRevision: 'any' });
  }
  const writeSeconds = (performance.now() - t0) / 1000;
  console.log(`storico: ${written} eventi scritti (con catena di hash) in ${writeSeconds.toFixed(1)} s = ${(written / writeSeconds).toFixed(0)} eventi/s`);

  // as-of replay of one doctor-week, at an instant in the middle of the log and at the end
  const samples: number[] = [];
  let slots = 0;
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const answer = await availabilityAsOf(store, DOCTOR, WEEK.start, WEEK.end, i % 2 ? middle : new Date(base + written).toISOString());
    samples.push(performance.now() - t);
    slots = answer.length;
  }
  console.log(`storico: replay "com'era" di una settimana di un medico (${toggle} eventi suoi, ${slots} slot) su ${written} eventi: ${summary(samples)}`);

  // the auditor's list pages, served by the log itself (the app's choice on SQLite, see event-store/live-projections)
  {
    const t = performance.now();
    store.setAuditIndex(true);
    console.log(`storico: indici del registro per l'auditor costruiti su ${written} eventi in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const pages: [string, AuditLogFilter][] = [
      ['prima pagina', { limit: 51 }],
      ['per medico', { doctorId: DOCTOR, limit: 51 }],
      ['per categoria (prenotazioni)', { categories: ['booking'], limit: 51 }],
      ['per tipo', { type: 'SlotClosed', limit: 51 }],
      [
        'per intervallo di un giorno',
        { from: new Date(base + written / 2).toISOString(), to: new Date(base + written / 2 + 86_400_000).toISOString(), limit: 51 },
      ],
    ];
    for (const [label, filter] of pages) {
      const samples: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await store.auditEvents(filter);
        samples.push(performance.now() - t0);
      }
      console.log(`storico: pagina dell'elenco dell'auditor (${label}) su ${written} eventi: ${summary(samples)}`);
    }
  }

  // full rebuilds from position 0 into fresh tables, with the swap (audit_events: the auditor's index where the log is
  // not, with the read models in PostgreSQL)
  if (!process.env.BENCH_ONLY?.includes('replay')) rawScanBench(join(dir, 'events.db'));
  const readModels = await createReadModelStore({ kind: 'sqlite', filename: join(dir, 'read-models.db') });
  for (const def of [availabilitySlotsProjection, auditEventsProjection]) {
    await readModels.ensureCollection(def);
    let last = { done: 0, total: 0, eventsPerSecond: 0 };
    const result = await rebuildProjection({ store, readModels }, def, { onProgress: (p) => (last = p) });
    const seconds = result.ms / 1000;
    if (def === availabilitySlotsProjection) record('rebuildSlots', result.events / seconds);
    console.log(
      `storico: ricostruzione completa di ${def.name}: ${result.events} eventi applicati in ${seconds.toFixed(1)} s = ${(result.events / seconds).toFixed(0)} eventi/s (ultimo avanzamento: ${last.done}/${last.total}, ${last.eventsPerSecond} eventi/s)`,
    );
  }
  await readModels.close();
  await store.close();
}
