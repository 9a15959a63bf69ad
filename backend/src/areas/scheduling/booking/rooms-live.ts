import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { SLOT_MINUTES, slotId } from '@studio/contracts';
import type { DocumentChange } from '@studio/projections';
import { AvailabilityGateway, availabilitySlotsReadModel } from '../availability';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { doctorSlotsAt, roomFreeFor, roomsOfLocation } from './free-rooms';
import type { RoomTakenDoc } from './rooms-taken.projection';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A room taken or given back changes what every doctor of its location offers at that time, not only the doctor of
 * the visit: each free slot there that the room turns from offered to not offered, or back, is pushed to whoever
 * watches its doctor (the slot itself has not changed, so the availability feed says nothing).
 */
@Injectable()
export class RoomsLivePush implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RoomsLivePush');
  private unsubscribe?: () => void;
  // one change after the other, in the feed's order
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly kernel: KernelPorts,
    private readonly gateway: AvailabilityGateway,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.kernel.changes.onChange((changes) => {
      for (const change of changes) {
        if (change.projection !== 'rooms_taken' || !change.doc) continue;
        if (((change.previous as RoomTakenDoc | null)?.taken ?? false) === (change.doc as RoomTakenDoc).taken) continue;
        this.queue = this.queue.then(() => this.push(change).catch((e) => this.logger.error(String(e))));
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    await this.queue;
  }

  private async push(change: DocumentChange): Promise<void> {
    const watched = this.gateway.watchedDoctors();
    if (watched.size === 0) return;
    const doc = change.doc as RoomTakenDoc;
    const readModels = this.kernel.readModels;
    const day = doc.start.slice(0, 10);
    const rooms = await roomsOfLocation(readModels, doc.locationId, day, nextDay(day));
    if (!rooms) return;
    // the rooms with this visit's as the change left it, and as it was just before
    const withIt = new Map(rooms.taken).set(doc.id, doc);
    const without = new Map(rooms.taken);
    without.delete(doc.id);
    const [now, before] = doc.taken ? [withIt, without] : [without, withIt];
    for (const { doctorId, start } of await doctorSlotsAt(readModels, doc.locationId, doc.start, doc.end, watched)) {
      const slot = await availabilitySlotsReadModel.get(readModels, slotId(doctorId, start));
      if (slot?.doc.status !== 'available') continue;
      const offered = roomFreeFor({ ...rooms, taken: now }, start, SLOT_MINUTES);
      if (offered !== roomFreeFor({ ...rooms, taken: before }, start, SLOT_MINUTES)) this.gateway.pushOffer(slot.doc, offered, change.position);
    }
  }
}
