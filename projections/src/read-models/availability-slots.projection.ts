import type { RecordedEvent, SlotStatus } from '@studio/contracts';
import type { ProjectionDefinition } from '../projection';

/** one document per slot that has ever had an event; a slot with none is not available */
export interface SlotDoc {
  id: string;
  doctorId: string;
  start: string;
  end: string;
  status: SlotStatus;
  bookingId?: string;
}

export const availabilitySlotsProjection: ProjectionDefinition<SlotDoc> = {
  name: 'availability_slots',
  version: 1,
  streamPrefixes: ['availability-'],
  eventTypes: ['SlotOpened', 'SlotClosed'],
  documentId: (event: RecordedEvent) => (event.data as { slotId?: string }).slotId ?? null,
  evolve(doc, event) {
    const { slotId, doctorId, start, end } = event.data as { slotId: string; doctorId: string; start: string; end: string };
    const base: SlotDoc = doc ?? { id: slotId, doctorId, start, end, status: 'unavailable' };
    switch (event.type) {
      case 'SlotOpened':
        return { ...base, status: 'available' };
      case 'SlotClosed':
        return { ...base, status: 'unavailable' };
      default:
        return doc;
    }
  },
  indexes: {
    doctor_id: { type: 'text', value: (d) => d.doctorId },
    start: { type: 'text', value: (d) => d.start },
  },
};
