import { STREAM_PREFIX } from '@studio/contracts';
import type { SlotStatus } from '@studio/contracts';
import type { ProjectionDefinition } from '@studio/contracts';

/** one document per slot that has ever had an event; a slot with none is not available */
export interface SlotDoc {
  id: string;
  doctorId: string;
  start: string;
  end: string;
  status: SlotStatus;
  bookingId?: string;
}

export const availabilitySlotsProjection: ProjectionDefinition<
  SlotDoc,
  'SlotOpened' | 'SlotClosed' | 'SlotHeld' | 'SlotHoldReleased' | 'SlotBooked' | 'SlotFreed' | 'SlotRebooked' | 'SlotBusyExternally' | 'SlotExternalBusyEnded'
> = {
  name: 'availability_slots',
  // 2: holds (SlotHeld, SlotHoldReleased); 3: SlotBooked; 4: SlotFreed, SlotRebooked; 5: the external calendar's busy time
  version: 5,
  streamPrefixes: [STREAM_PREFIX.availability],
  eventTypes: [
    'SlotOpened',
    'SlotClosed',
    'SlotHeld',
    'SlotHoldReleased',
    'SlotBooked',
    'SlotFreed',
    'SlotRebooked',
    'SlotBusyExternally',
    'SlotExternalBusyEnded',
  ],
  documentId: (event) => event.data.slotId,
  evolve(doc, event) {
    const { slotId, doctorId, start, end } = event.data;
    const base: SlotDoc = doc ?? { id: slotId, doctorId, start, end, status: 'unavailable' };
    switch (event.type) {
      case 'SlotOpened':
        return { ...base, status: 'available' };
      case 'SlotClosed':
        return { ...base, status: 'unavailable' };
      case 'SlotHeld':
        return { ...base, status: 'held', bookingId: event.data.bookingId };
      case 'SlotBooked':
      case 'SlotRebooked':
        return { ...base, status: 'booked', bookingId: event.data.bookingId };
      case 'SlotBusyExternally':
        return { ...base, status: 'busy' };
      case 'SlotExternalBusyEnded':
        return { ...base, status: event.data.restored };
      case 'SlotFreed':
      case 'SlotHoldReleased': {
        // only the hold it names; the red link goes with it
        if (base.bookingId !== event.data.bookingId) return doc;
        const { bookingId: _released, ...rest } = base;
        return { ...rest, status: 'available' };
      }
      default:
        return doc;
    }
  },
  indexes: {
    // a doctor's week: (doctor_id, start) reads that week's rows, not the doctor's years of slots
    doctor_id: { type: 'text', value: (d) => d.doctorId, then: 'start' },
    start: { type: 'text', value: (d) => d.start },
  },
};
