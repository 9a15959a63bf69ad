import type { EventData } from '@studio/contracts';
import { unfinishedSeriesProjection, type UnfinishedSeriesDoc } from './follow-up-series.projection';

type Event = Parameters<typeof unfinishedSeriesProjection.evolve>[1];
const ev = (type: Event['type'], data: object, at: string): Event =>
  ({ type, data, metadata: { at }, stream: 'series-s1', revision: 0, position: 1, id: 'e' }) as unknown as Event;

const series: EventData<'FollowUpSeriesStarted'> = {
  seriesId: 's1',
  sourceBookingId: 'b0',
  patientId: 'p1',
  doctorId: 'd1',
  everyWeeks: 1,
  starts: ['2030-03-12T09:00:00Z', '2030-03-19T09:00:00Z'],
  method: 'cash',
  amountCents: 5000,
  by: 'd1',
};
const visit = (index: number) => ({ seriesId: 's1', index, start: series.starts[index] });

describe('unfinished series: the follow-up series the sweep resumes', () => {
  it('given a started series, when each visit is recorded, then it is listed until the last one, with when it last moved on', () => {
    const started = unfinishedSeriesProjection.evolve(null, ev('FollowUpSeriesStarted', series, '2030-03-04T06:00:00.000Z'));
    expect(started).toEqual({ series, recorded: [], touchedAt: '2030-03-04T06:00:00.000Z' });
    const one = unfinishedSeriesProjection.evolve(started, ev('FollowUpSeriesVisitBooked', { ...visit(0), bookingId: 'b1' }, '2030-03-04T06:00:01.000Z'));
    expect(one).toMatchObject({ recorded: [0], touchedAt: '2030-03-04T06:00:01.000Z' });
    expect(unfinishedSeriesProjection.indexes.touched_at.value(one as UnfinishedSeriesDoc)).toBe('2030-03-04T06:00:01.000Z');
    // the same visit again (a replay) counts once; the last one ends the document
    expect(unfinishedSeriesProjection.evolve(one, ev('FollowUpSeriesVisitBooked', { ...visit(0), bookingId: 'b1' }, 'x'))).toMatchObject({ recorded: [0] });
    expect(unfinishedSeriesProjection.evolve(one, ev('FollowUpSeriesVisitSkipped', { ...visit(1), reason: 'Orario non disponibile.' }, 'y'))).toBeNull();
  });

  it('a visit with no series started (nothing to resume) makes no document', () => {
    expect(unfinishedSeriesProjection.evolve(null, ev('FollowUpSeriesVisitBooked', { ...visit(0), bookingId: 'b1' }, 'x'))).toBeNull();
  });
});
