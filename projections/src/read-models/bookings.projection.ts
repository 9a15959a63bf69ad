import { STREAM_PREFIX } from '@studio/contracts';
import type { BookingStatus, RecordedEvent } from '@studio/contracts';
import type { ProjectionDefinition } from '../projection';

/** one document per booking: what the patient's list, the booking page and the expiry sweep read */
export interface BookingDoc {
  id: string;
  patientId: string;
  doctorId: string;
  slotId: string;
  start: string;
  end: string;
  status: BookingStatus;
  expiresAt: string;
}

type HoldData = Omit<BookingDoc, 'id' | 'status'> & { bookingId: string };

const held = (d: HoldData): BookingDoc => ({
  id: d.bookingId,
  patientId: d.patientId,
  doctorId: d.doctorId,
  slotId: d.slotId,
  start: d.start,
  end: d.end,
  status: 'held',
  expiresAt: d.expiresAt,
});

/**
 * The booking stream is the source; the slot's own events are read too, so that a hold whose
 * booking stream was never written (a crash between the two appends) still shows up here and
 * is expired by the sweep instead of keeping the slot forever.
 */
export const bookingsProjection: ProjectionDefinition<BookingDoc> = {
  name: 'bookings',
  // 2: BookingConfirmed
  version: 2,
  streamPrefixes: [STREAM_PREFIX.booking, STREAM_PREFIX.availability],
  eventTypes: ['BookingHeld', 'BookingHoldEnded', 'SlotHeld', 'SlotHoldReleased', 'BookingConfirmed'],
  documentId: (event: RecordedEvent) => (event.data as { bookingId?: string }).bookingId ?? null,
  evolve(doc, event) {
    switch (event.type) {
      case 'SlotHeld':
      case 'BookingHeld':
        // both carry the same hold; whichever comes first creates the document
        return doc ?? held(event.data as HoldData);
      case 'SlotHoldReleased':
        return doc?.status === 'held' ? { ...doc, status: event.data.reason } : doc;
      case 'BookingHoldEnded':
        // the booking stream has the last word on why the hold ended
        return doc && doc.status !== 'confirmed' && doc.status !== event.data.reason ? { ...doc, status: event.data.reason } : doc;
      case 'BookingConfirmed':
        return doc ? { ...doc, status: 'confirmed' } : doc;
      default:
        return doc;
    }
  },
  indexes: {
    patient_id: { type: 'text', value: (d) => d.patientId },
    doctor_id: { type: 'text', value: (d) => d.doctorId },
    status: { type: 'text', value: (d) => d.status },
    expires_at: { type: 'text', value: (d) => d.expiresAt },
  },
};
