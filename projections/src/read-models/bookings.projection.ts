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
  /**
   * replaced by a newer hold of the patient (PatientHoldClaimed) while its slot is still held: the
   * flow that replaced it, or the sweep after a crash, gives the slot back
   */
  releasePending?: boolean;
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
  // 2: BookingConfirmed; 3: PatientHoldClaimed
  version: 3,
  streamPrefixes: [STREAM_PREFIX.booking, STREAM_PREFIX.availability, STREAM_PREFIX.patientHold],
  eventTypes: ['BookingHeld', 'BookingHoldEnded', 'SlotHeld', 'SlotHoldReleased', 'BookingConfirmed', 'PatientHoldClaimed'],
  // a claim changes the booking it replaces
  documentId: (event: RecordedEvent) =>
    event.type === 'PatientHoldClaimed' ? ((event.data as { replaces: string | null }).replaces ?? null) : ((event.data as { bookingId?: string }).bookingId ?? null),
  evolve(doc, event) {
    switch (event.type) {
      case 'PatientHoldClaimed':
        // the patient's newer hold: this one no longer counts as held, at once
        return doc?.status === 'held' ? { ...doc, status: 'replaced', releasePending: true } : doc;
      case 'SlotHeld':
      case 'BookingHeld':
        // both carry the same hold; whichever comes first creates the document
        return doc ?? held(event.data as HoldData);
      case 'SlotHoldReleased':
        if (doc?.releasePending) return { ...doc, releasePending: false };
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
    release_pending: { type: 'text', value: (d) => (d.releasePending ? 'si' : 'no') },
  },
};
