import { InvalidEventError, waitingListStreamName, type RecordedEvent } from '@studio/contracts';
import { testMetadata } from '../../../platform/event-store/event-store.contract';
import { SqliteEventStore } from '../../../platform/event-store/sqlite-event-store';
import type { Core } from '../../../app/infrastructure/core';
import { NotificationsService } from './notifications.service';
import type { KernelPorts } from '../../../platform/kernel/kernel-ports';

// The outbox's reactor reads committed events: the event and the history it reads are checked against the catalogue
// before any message is decided; an invalid one is reported (InvalidEventError, naming it), not acted on.
describe('NotificationsService.react', () => {
  let store: SqliteEventStore;
  let execute: jest.Mock;
  let service: NotificationsService;
  const metadata = testMetadata({ at: '2030-03-01T09:00:00.000Z' });
  const held = {
    bookingId: 'b1',
    patientId: 'p1',
    doctorId: 'd1',
    slotId: 'd1_s',
    start: '2030-03-04T09:00:00Z',
    end: '2030-03-04T09:30:00Z',
    expiresAt: '2030-03-01T09:15:00.000Z',
  };

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
    execute = jest.fn(async () => ({ events: [] }));
    // no transport and no worker (production without SMTP_URL): only the reactor is exercised
    const config = {
      production: true,
      practiceTimeZone: 'Europe/Rome',
      mail: { smtpUrl: undefined, worker: false, reminderHours: 24 },
    } as unknown as Core['config'];
    const unused = {} as never;
    service = new NotificationsService({
      commands: { execute },
      config,
      eventStore: store,
      readModels: unused,
      changes: unused,
      appDb: unused,
      personalData: unused,
      clock: { now: () => new Date() },
    } as unknown as KernelPorts);
  });
  afterEach(() => store.close());

  async function append(stream: string, type: string, data: object): Promise<RecordedEvent> {
    await store.append(stream, [{ type, data, metadata }], { expectedRevision: 'any' });
    return (await store.readStream(stream, { direction: 'backwards', maxCount: 1 }))[0];
  }

  it('a valid confirmation decides its messages', async () => {
    await append('booking-b1', 'BookingHeld', held);
    await service.react(await append('booking-b1', 'BookingConfirmed', { bookingId: 'b1', orderId: 'o1' }));
    expect(execute).toHaveBeenCalledTimes(3);
  });

  it('an invalid cause is reported, naming the event, its place and the field; no message is decided', async () => {
    await append('booking-b1', 'BookingHeld', held);
    const reacted = service.react(await append('booking-b1', 'BookingConfirmed', { bookingId: 'b1' }));
    await expect(reacted).rejects.toThrow(InvalidEventError);
    await expect(reacted).rejects.toThrow(/BookingConfirmed non valido alla posizione 2 \(booking-b1\): orderId/);
    expect(execute).not.toHaveBeenCalled();
  });

  it("an invalid event in the booking's history is reported; no message is decided", async () => {
    await append('booking-b1', 'BookingHeld', { ...held, start: 9 });
    const reacted = service.react(await append('booking-b1', 'BookingConfirmed', { bookingId: 'b1', orderId: 'o1' }));
    await expect(reacted).rejects.toThrow(/BookingHeld non valido alla posizione 1 \(booking-b1\): start/);
    expect(execute).not.toHaveBeenCalled();
  });

  it("an invalid reservation behind a waiting-list offer is reported; the offer's email is not decided", async () => {
    const stream = waitingListStreamName('d1');
    const at = '2030-03-01T09:00:00.000Z';
    await append(stream, 'WaitingListOfferReserved', {
      entryId: 'e1',
      patientId: 'p1',
      doctorId: 'd1',
      slotId: 'd1_s',
      start: held.start,
      end: held.end,
      bookingId: 'b9',
      at,
    });
    const reacted = service.react(await append(stream, 'WaitingListOfferMade', { entryId: 'e1', bookingId: 'b9', at }));
    await expect(reacted).rejects.toThrow(/WaitingListOfferReserved non valido alla posizione 1 \(waitinglist-d1\): expiresAt/);
    expect(execute).not.toHaveBeenCalled();
  });
});
