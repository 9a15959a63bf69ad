import { slotId } from '@studio/contracts';
import { deciderSpec } from '../event-store/decider-spec';
import { availabilityDecider, doctorDayOf, validateSlot, type AvailabilityEvent, type ToggleSlot } from './availability.decider';

const given = deciderSpec(availabilityDecider);
const hours = { startHour: 8, endHour: 19 };
const doctorId = 'doc-1';
const toggle = (start: string, end: string, wh = hours): ToggleSlot => ({ type: 'ToggleSlot', doctorId, start, end, workingHours: wh });
const slot = (start: string, end: string) => ({ doctorId, slotId: slotId(doctorId, start), start, end });
const opened = (start: string, end: string): AvailabilityEvent => ({ type: 'SlotOpened', data: slot(start, end) });
const closed = (start: string, end: string): AvailabilityEvent => ({ type: 'SlotClosed', data: slot(start, end) });

const S = '2030-03-04T09:00:00Z';
const E = '2030-03-04T09:30:00Z';

describe('availability decider: ToggleSlot', () => {
  it('given no history, a toggle opens the slot', () => given([]).when(toggle(S, E)).then([opened(S, E)]));
  it('given an open slot, a toggle closes it', () => given([opened(S, E)]).when(toggle(S, E)).then([closed(S, E)]));
  it('given an opened then closed slot, a toggle opens it again', () =>
    given([opened(S, E), closed(S, E)]).when(toggle(S, E)).then([opened(S, E)]));
  it('other slots of the day do not matter', () =>
    given([opened('2030-03-04T10:00:00Z', '2030-03-04T10:30:00Z')]).when(toggle(S, E)).then([opened(S, E)]));
  it('canonicalises the instants (milliseconds, +00:00)', () =>
    given([]).when(toggle('2030-03-04T09:00:00.000Z', '2030-03-04T09:30:00+00:00')).then([opened(S, E)]));
  it('accepts the first and the last slot of the working hours', () => {
    given([]).when(toggle('2030-03-04T08:00:00Z', '2030-03-04T08:30:00Z')).then([opened('2030-03-04T08:00:00Z', '2030-03-04T08:30:00Z')]);
    given([]).when(toggle('2030-03-04T18:30:00Z', '2030-03-04T19:00:00Z')).then([opened('2030-03-04T18:30:00Z', '2030-03-04T19:00:00Z')]);
  });
  it('rejects a start off the half hour', () => given([]).when(toggle('2030-03-04T09:10:00Z', '2030-03-04T09:40:00Z')).thenThrows('inizio_non_allineato'));
  it('rejects seconds in the start', () => given([]).when(toggle('2030-03-04T09:00:30Z', '2030-03-04T09:30:30Z')).thenThrows('inizio_non_allineato'));
  it('rejects an end that is not start + 30 minutes', () => {
    given([]).when(toggle(S, '2030-03-04T10:00:00Z')).thenThrows('durata_non_valida');
    given([]).when(toggle(S, S)).thenThrows('durata_non_valida');
  });
  it('rejects slots before and after the working hours', () => {
    given([]).when(toggle('2030-03-04T07:30:00Z', '2030-03-04T08:00:00Z')).thenThrows('fuori_orario');
    given([]).when(toggle('2030-03-04T19:00:00Z', '2030-03-04T19:30:00Z')).thenThrows('fuori_orario');
    given([]).when(toggle(S, E, { startHour: 10, endHour: 12 })).thenThrows('fuori_orario');
  });
  it('rejects unparseable instants', () => given([]).when(toggle('ieri', E)).thenThrows('data_non_valida'));
});

describe('slot helpers', () => {
  it('a slot belongs to the doctor-day of its UTC wall-clock date', () => {
    expect(doctorDayOf('2030-03-04T23:30:00Z')).toBe('2030-03-04');
  });
  it('names the working hours in the message', () => {
    expect(() => validateSlot('2030-03-04T07:00:00Z', '2030-03-04T07:30:00Z', { startHour: 8, endHour: 13 })).toThrow('08:00–13:00');
  });
});
