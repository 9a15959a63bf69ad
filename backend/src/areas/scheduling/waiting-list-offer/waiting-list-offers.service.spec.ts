import { InvalidEventError, availabilityStreamName, type RecordedEvent } from '@studio/contracts';
import { testMetadata } from '../../../platform/event-store/event-store.contract';
import { SqliteEventStore } from '../../../platform/event-store/sqlite-event-store';
import type { Core } from '../../../app/infrastructure/core';
import type { UsersService } from '../../accounts/users';
import type { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { WaitingListOffersService } from './waiting-list-offers.service';

// The waiting list's reactor reads committed events: each is checked against the catalogue before a freed slot is
// offered or an offer closed; an invalid one is reported (InvalidEventError, naming it), not acted on.
describe('WaitingListOffersService.react', () => {
  let store: SqliteEventStore;
  let execute: jest.Mock;
  let reads: jest.SpyInstance;
  let service: WaitingListOffersService;
  const metadata = testMetadata();
  const day = availabilityStreamName('d1', '2030-03-04');
  const slot = { doctorId: 'd1', slotId: 'd1_s', start: '2030-03-04T09:00:00Z', end: '2030-03-04T09:30:00Z' };
  const held = { ...slot, bookingId: 'b1', patientId: 'p1', expiresAt: '2030-03-01T09:15:00.000Z' };

  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
    execute = jest.fn(async () => ({ events: [] }));
    const config = { practiceTimeZone: 'Europe/Rome', holdMinutes: 10 } as unknown as Core['config'];
    const unused = {} as never;
    service = new WaitingListOffersService(
      {
        commands: { execute },
        config,
        eventStore: store,
        readModels: unused,
        changes: unused,
        appDb: unused,
        clock: { now: () => new Date() },
      } as unknown as KernelPorts,
      {} as UsersService,
      unused,
    );
    reads = jest.spyOn(store, 'readStream');
  });
  afterEach(() => store.close());

  async function append(stream: string, type: string, data: object): Promise<RecordedEvent> {
    await store.append(stream, [{ type, data, metadata }], { expectedRevision: 'any' });
    const [recorded] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    reads.mockClear(); // only what the reactor reads is counted
    return recorded;
  }
  const streamsRead = () => reads.mock.calls.map(([stream]) => stream as string);

  it('a released hold is offered to the line (its list is read); the end of a hold looks up its doctor and their list', async () => {
    await service.react(await append(day, 'SlotHoldReleased', { ...slot, bookingId: 'b1', reason: 'expired' }));
    expect(streamsRead()).toEqual(['waitinglist-d1']);
    await append('booking-b1', 'BookingHeld', held);
    await service.react(await append('booking-b1', 'BookingHoldEnded', { bookingId: 'b1', reason: 'expired' }));
    expect(streamsRead()).toEqual(['booking-b1', 'waitinglist-d1']);
  });

  it('an invalid freeing event is reported, naming the event, its place and the field; no slot is offered', async () => {
    const reacted = service.react(await append(day, 'SlotHoldReleased', { ...slot, reason: 'expired' }));
    await expect(reacted).rejects.toThrow(InvalidEventError);
    await expect(reacted).rejects.toThrow(/SlotHoldReleased non valido alla posizione 1 \(availability-d1-2030-03-04\): bookingId/);
    expect(streamsRead()).toEqual([]);
    expect(execute).not.toHaveBeenCalled();
  });

  it('an invalid end of a hold is reported; no offer is closed', async () => {
    await append('booking-b1', 'BookingHeld', held);
    const reacted = service.react(await append('booking-b1', 'BookingHoldEnded', { bookingId: 'b1', reason: 'scaduta' }));
    await expect(reacted).rejects.toThrow(/BookingHoldEnded non valido alla posizione 2 \(booking-b1\): reason/);
    expect(streamsRead()).toEqual([]);
    expect(execute).not.toHaveBeenCalled();
  });

  it("an invalid hold behind a confirmation is reported before its doctor's list is read", async () => {
    await append('booking-b1', 'BookingHeld', { ...held, doctorId: 7 });
    const reacted = service.react(await append('booking-b1', 'BookingConfirmed', { bookingId: 'b1', orderId: 'o1' }));
    await expect(reacted).rejects.toThrow(/BookingHeld non valido alla posizione 1 \(booking-b1\): doctorId/);
    expect(streamsRead()).toEqual(['booking-b1']);
    expect(execute).not.toHaveBeenCalled();
  });
});
