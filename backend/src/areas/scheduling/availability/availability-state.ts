import { canonicalSlotStart, type EventData } from '@studio/contracts';

// the doctor-day stream's events and the state they fold into, apart from the decisions (availability.decider.ts) so
// that a decision kept in a file of its own (external-busy.ts) reads them without a cycle

/** One doctor-day stream: `availability-<doctorId>-<yyyy-mm-dd>`. */
export type AvailabilityEvent =
  | { type: 'SlotOpened'; data: EventData<'SlotOpened'> }
  | { type: 'SlotClosed'; data: EventData<'SlotClosed'> }
  | { type: 'SlotHeld'; data: EventData<'SlotHeld'> }
  | { type: 'SlotHoldReleased'; data: EventData<'SlotHoldReleased'> }
  | { type: 'SlotBooked'; data: EventData<'SlotBooked'> }
  | { type: 'SlotFreed'; data: EventData<'SlotFreed'> }
  | { type: 'SlotRebooked'; data: EventData<'SlotRebooked'> }
  | { type: 'SlotBusyExternally'; data: EventData<'SlotBusyExternally'> }
  | { type: 'SlotExternalBusyEnded'; data: EventData<'SlotExternalBusyEnded'> };

/** a slot with no event is not available; booked arrives with payment */
export type SlotState =
  | { status: 'available' }
  | { status: 'unavailable' }
  | { status: 'held'; bookingId: string; patientId: string; expiresAt: string; bufferAfter?: number }
  | { status: 'booked'; bookingId: string; patientId: string; orderId: string; bufferAfter?: number }
  | { status: 'busy'; previous: 'available' | 'unavailable' };

export interface DoctorDay {
  slots: Record<string, SlotState>;
}

export const initialState = (): DoctorDay => ({ slots: {} });

const withSlot = (state: DoctorDay, start: string, slot: SlotState): DoctorDay => ({ slots: { ...state.slots, [start]: slot } });

export function evolve(state: DoctorDay, event: AvailabilityEvent): DoctorDay {
  switch (event.type) {
    case 'SlotOpened':
      return withSlot(state, event.data.start, { status: 'available' });
    case 'SlotClosed':
      return withSlot(state, event.data.start, { status: 'unavailable' });
    case 'SlotHeld': {
      const { bookingId, patientId, expiresAt, bufferMinutes } = event.data;
      return withSlot(state, event.data.start, { status: 'held', bookingId, patientId, expiresAt, ...(bufferMinutes ? { bufferAfter: bufferMinutes } : {}) });
    }
    case 'SlotHoldReleased':
      return withSlot(state, event.data.start, { status: 'available' });
    case 'SlotBooked':
    case 'SlotRebooked': {
      const { bookingId, patientId, orderId } = event.data;
      // a paid hold keeps the pause its visit needs after it
      const before = state.slots[event.data.start];
      const bufferAfter = before?.status === 'held' && before.bookingId === bookingId ? before.bufferAfter : undefined;
      return withSlot(state, event.data.start, { status: 'booked', bookingId, patientId, orderId, ...(bufferAfter ? { bufferAfter } : {}) });
    }
    case 'SlotFreed':
      return withSlot(state, event.data.start, { status: 'available' });
    case 'SlotBusyExternally':
      return withSlot(state, event.data.start, { status: 'busy', previous: event.data.previous });
    case 'SlotExternalBusyEnded':
      return withSlot(state, event.data.start, { status: event.data.restored });
  }
}

/** the stream a slot belongs to: its UTC (wall-clock) day */
export function doctorDayOf(start: string): string {
  return canonicalSlotStart(start).slice(0, 10);
}
