import { availabilitySlotsProjection } from './availability-slots.projection';
import { foldDocuments as fold, recorded } from '../../../testing/evolve-fixtures';

const event = recorded;

describe('availability_slots projection', () => {
  const slot = { doctorId: 'd1', slotId: 'd1~203003040900', start: '2030-03-04T09:00:00Z', end: '2030-03-04T09:30:00Z' };
  it('follows open and close of one slot', () => {
    const docs = fold(availabilitySlotsProjection, [event('availability-d1-2030-03-04', 'SlotOpened', slot)]);
    expect(docs.get(slot.slotId)).toEqual({ id: slot.slotId, doctorId: 'd1', start: slot.start, end: slot.end, status: 'available' });
    const after = fold(availabilitySlotsProjection, [event('a', 'SlotOpened', slot), event('a', 'SlotClosed', slot)]);
    expect(after.get(slot.slotId)?.status).toBe('unavailable');
  });
  it('indexes by doctor and start', () => {
    const doc = fold(availabilitySlotsProjection, [event('a', 'SlotOpened', slot)]).get(slot.slotId)!;
    expect(availabilitySlotsProjection.indexes.doctor_id.value(doc)).toBe('d1');
    expect(availabilitySlotsProjection.indexes.start.value(doc)).toBe(slot.start);
  });
});
