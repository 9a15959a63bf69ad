import { bookingStreamName, conversationStreamName, notificationStreamName, phoneMessageStreamName, type RecordedEvent } from '@studio/contracts';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { WorkflowRunner } from '../../../platform/event-store/workflow-runner';
import { registerPatients, type TestPatient } from '../../../testing/patients';
import { WHATSAPP_WEBHOOK, textRepliesSuite } from '../../../testing/text-replies';
import { TextRepliesService } from './text-replies.service';

// The replies' reactor acts (cancels, forwards), then records the answer, then decides the text telling the patient.
// The process "dies" right after each of its steps in turn; the reply is then handled again, as the reactor does
// from its checkpoint at the next start, and the workflows resume as at start: each effect happens once.
const suite = textRepliesSuite({
  now: '2030-03-04T09:00:00.000Z',
  sms: false,
  reminders: { channels: ['whatsapp', 'email'], hoursBefore: [24], quietHours: null },
});
let replies: TextRepliesService;
const { types, count } = suite;

/** a patient with WhatsApp, a paid visit whose confirmation reached WhatsApp, and their reply, recorded (not handled) */
async function replyOf(n: number, start: string, text: string): Promise<{ patient: TestPatient; bookingId: string; reply: RecordedEvent; id: string }> {
  const { app, meta } = suite;
  const [patient] = await registerPatients(app, 1, `crash-${n}`);
  const phone = `+39333${String(7_000_000 + n)}`;
  await suite.consent(patient, { sms: false, whatsapp: true }, phone);
  const bookingId = await suite.bookAndPay(patient, start);
  await suite.settle();
  const { status, id } = await meta.reply(WHATSAPP_WEBHOOK, phone, text);
  expect(status).toBe(200);
  const [reply] = await app.core.eventStore.readStream(phoneMessageStreamName('meta', id));
  expect(reply.type).toBe('PhoneReplyReceived');
  return { patient, bookingId, reply, id };
}

/** the process dies right after the `step`-th command or workflow step of handling the reply (0: it never dies) */
async function handleDying(reply: RecordedEvent, step: number): Promise<number> {
  const { app } = suite;
  const kernel = app.app.get(KernelPorts);
  const runner = app.app.get(WorkflowRunner);
  let done = 0;
  // dead is dead: after the step, nothing else runs (a caught error must not let the handling go on)
  const die =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      if (step > 0 && done >= step) throw new Error('processo terminato');
      const result = await f(...a);
      if (++done === step) throw new Error('processo terminato');
      return result;
    };
  const [originalExecute, originalStep] = [kernel.commands.execute.bind(kernel.commands), runner.executeStep.bind(runner)];
  const execute = jest.spyOn(kernel.commands, 'execute').mockImplementation(die(originalExecute) as never);
  const executeStep = jest.spyOn(runner, 'executeStep').mockImplementation(die(originalStep));
  const outcome = await replies.react(reply).then(
    () => 'handled',
    (e: Error) => e.message,
  );
  execute.mockRestore();
  executeStep.mockRestore();
  if (step > 0 && done >= step) expect(outcome).toBe('processo terminato');
  return done;
}

beforeAll(async () => {
  replies = suite.app.app.get(TextRepliesService);
  // the live reactor stops: the test hands it each reply, and each redelivery, itself
  await replies.onModuleDestroy();
});
afterEach(() => jest.restoreAllMocks());

jest.setTimeout(180_000);
// medico1 is open 09:00–13:00 on weekdays: a free half hour for each reply
const SLOTS = ['2030-03-07', '2030-03-08', '2030-03-11', '2030-03-12'].flatMap((day) =>
  ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'].map((h) => `${day}T${h}:00Z`),
);

describe('the replies’ reactor killed after each step', () => {
  it('"2": cancelled once, settled once, answered once and told once, wherever the process died', async () => {
    const { app, meta, settle } = suite;
    // a first reply handled to the end counts the steps
    const first = await replyOf(0, SLOTS[0], '2');
    const steps = await handleDying(first.reply, 0);
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(steps).toBeLessThan(SLOTS.length - 5);
    for (let step = 1; step <= steps; step++) {
      const { bookingId, reply, id } = await replyOf(step, SLOTS[step], '2');
      await handleDying(reply, step);
      // the next start: the reactor handles the reply again from its checkpoint, the workflows resume from the log
      await handleDying(reply, 0);
      await app.app.get(WorkflowRunner).resumeAll();
      await settle();
      const where = { step, of: steps };
      expect({ ...where, cancelled: await count(bookingStreamName(bookingId), 'BookingCancelled') }).toEqual({ ...where, cancelled: 1 });
      expect({ ...where, settled: await count(bookingStreamName(bookingId), 'BookingCancellationSettled') }).toEqual({ ...where, settled: 1 });
      const answers = (await app.core.eventStore.readStream(phoneMessageStreamName('meta', id))).filter((e) => e.type === 'PhoneReplyAnswered');
      expect({ ...where, answers: answers.map((a) => (a.data as { answer: string }).answer) }).toEqual({ ...where, answers: ['cancelled'] });
      const told = notificationStreamName(`text-answer-meta-${id}`);
      expect({ ...where, told: await count(told, 'NotificationDecided'), sent: await count(told, 'NotificationSent') }).toEqual({ ...where, told: 1, sent: 1 });
      expect(meta.messages.filter((m) => m.type === 'text' && m.body?.includes('disdetta'))).toHaveLength(step + 1);
    }
  });

  it('a message of the patient’s own: forwarded to the segreteria once, wherever the process died', async () => {
    const { settle } = suite;
    const first = await replyOf(20, SLOTS[SLOTS.length - 4], 'Arrivo in ritardo');
    const steps = await handleDying(first.reply, 0);
    // send to the segreteria, record the answer, decide the text
    expect(steps).toBe(3);
    for (let step = 1; step <= steps; step++) {
      const { patient, reply, id } = await replyOf(20 + step, SLOTS[SLOTS.length - 4 + step], 'Arrivo in ritardo');
      await handleDying(reply, step);
      await handleDying(reply, 0);
      await settle();
      const where = { step, of: steps };
      expect({ ...where, forwarded: await count(conversationStreamName(patient.id), 'MessageSent') }).toEqual({ ...where, forwarded: 1 });
      expect({ ...where, answers: await count(phoneMessageStreamName('meta', id), 'PhoneReplyAnswered') }).toEqual({ ...where, answers: 1 });
      expect({ ...where, told: await types(notificationStreamName(`text-answer-meta-${id}`)) }).toEqual({
        ...where,
        told: ['NotificationDecided', 'NotificationSending', 'NotificationSent'],
      });
    }
  });
});
