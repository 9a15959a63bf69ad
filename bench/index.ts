/**
 * npm run bench: figures on the embedded default (SQLite events + SQLite read models).
 * Each section prints its own lines; nothing here asserts: it measures.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availabilityBench, baselinePushBench } from './availability.bench';
import { rawAppendBench } from './limits.bench';
import { printTable } from './report';
import { scaleOutBench } from './scale-out.bench';
import { dietBench } from './diet.bench';
import { nutrientTotalsBench } from './nutrient-totals.bench';
import { holdsBench } from './holds.bench';
import { paymentsBench, reconcilerBench } from './payments.bench';
import { replayBench } from './replay.bench';
import { auditBench } from './audit.bench';
import { notificationsBench } from './notifications.bench';
import { lifecycleBench } from './lifecycle.bench';
import { readsBench } from './reads.bench';
import { visitsBench } from './visits.bench';
import { clinicalRecordBench } from './clinical-record.bench';
import { diaryBench } from './diary.bench';
import { socketFloodBench } from './socket-flood.bench';
import { fastifyBench } from './fastify.bench';
import { foodSearchBench } from './food-search.bench';
import { foodTablesBench } from './foodtables.bench';
import { messagesBench } from './messages.bench';
import { publicPagesBench } from './public-pages.bench';
import { textRemindersBench } from './text-reminders.bench';
import { eventStoresBench } from './event-stores.bench';
import { externalCalendarBench } from './external-calendar.bench';

const mkdirP = (dir: string) => (mkdirSync(dir, { recursive: true }), dir);

/** BENCH_ONLY=lifecycle,payments runs just those sections (names as below); unset runs them all */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (section: string) => !only || only.includes(section);

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  try {
    console.log(`Node ${process.version}, ${new Date().toISOString()}, dati in ${root}`);
    // 'toggles' is 'availability' (the toggle and push section), by its figure's name
    const toggles = wanted('availability') || wanted('toggles');
    if (toggles || wanted('holds') || wanted('limits') || wanted('scaleout')) rawAppendBench(join(root, 'raw'));
    if (toggles) await availabilityBench(join(root, 'app'));
    if (toggles || wanted('baseline')) await baselinePushBench(join(root, 'baseline'));
    if (wanted('holds')) await holdsBench(join(root, 'holds'));
    if (wanted('payments')) await paymentsBench(join(root, 'payments'));
    if (wanted('payments') || wanted('reconciler')) await reconcilerBench(join(root, 'reconciler'));
    if (wanted('lifecycle')) await lifecycleBench(join(root, 'lifecycle'));
    if (wanted('diet')) await dietBench(join(root, 'diet'));
    if (wanted('nutrients')) nutrientTotalsBench();
    if (wanted('foodtables')) await foodTablesBench(join(root, 'foodtables'));
    if (wanted('clinical')) await clinicalRecordBench(join(root, 'clinical'));
    if (wanted('diary')) await diaryBench(join(root, 'diary'));
    if (wanted('foodsearch')) await foodSearchBench();
    if (wanted('replay')) await replayBench(join(root, 'replay'), Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000));
    if (wanted('audit')) await auditBench(join(root, 'audit'), Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000));
    if (wanted('notifications')) await notificationsBench(join(root, 'notifications'));
    if (wanted('messages')) await messagesBench(join(root, 'messages'));
    if (wanted('texts')) await textRemindersBench(join(root, 'texts'));
    if (wanted('visits')) await visitsBench(join(root, 'visits'));
    if (wanted('publicpages')) await publicPagesBench(join(root, 'public-pages'));
    if (wanted('caldav')) await externalCalendarBench(join(root, 'caldav'));
    if (wanted('scaleout')) await scaleOutBench();
    if (wanted('eventstores')) await eventStoresBench(mkdirP(join(root, 'event-stores')));
    // millions of events written and replayed: only when asked by name
    if (only?.includes('reads')) await readsBench();
    if (wanted('socketflood')) await socketFloodBench(join(root, 'socket-flood'));
    // Express and Fastify alternated, several server starts: only when asked by name
    if (only?.includes('fastify')) await fastifyBench(join(root, 'fastify'));
    if (wanted('socketflood-nginx')) await socketFloodBench(join(root, 'socket-flood-nginx'), 'nginx');
    printTable();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
