import type { EventData } from '@studio/contracts';
import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { foldWorkflow } from '../../../platform/event-store/workflow';
import { followUpSeriesDecider, followUpSeriesWorkflow, seriesStarts, type SeriesEvent } from './follow-up-series.workflow';

const series: EventData<'FollowUpSeriesStarted'> = {
  seriesId: 's1',
  sourceBookingId: 'b0',
  patientId: 'p1',
  doctorId: 'd1',
  everyWeeks: 3,
  starts: ['2030-03-26T10:00:00Z', '2030-04-16T10:00:00Z', '2030-05-07T10:00:00Z'],
  method: 'card',
  amountCents: 5000,
  by: 'd1',
};
const started: SeriesEvent = { type: 'FollowUpSeriesStarted', data: series };
const booked = (index: number, bookingId: string): SeriesEvent => ({
  type: 'FollowUpSeriesVisitBooked',
  data: { seriesId: 's1', index, start: series.starts[index], bookingId },
});
const skipped = (index: number, reason: string): SeriesEvent => ({
  type: 'FollowUpSeriesVisitSkipped',
  data: { seriesId: 's1', index, start: series.starts[index], reason },
});
const record = (index: number, bookingId: string | null, reason: string | null = null) =>
  ({ type: 'RecordSeriesVisit', seriesId: 's1', index, start: series.starts[index], bookingId, reason }) as const;

describe('series of follow-ups: the decider on series-<id>', () => {
  const given = deciderSpec(followUpSeriesDecider);

  it('given nothing, when started, then the series is recorded once; started again, nothing', () => {
    given([]).when({ type: 'StartSeries', series }).then([started]);
    given([started]).when({ type: 'StartSeries', series }).then([]);
  });

  it('given a started series, when a visit is booked or skipped, then it is recorded once per visit', () => {
    given([started])
      .when(record(0, 'b1'))
      .then([booked(0, 'b1')]);
    given([started])
      .when(record(1, null, 'L’orario non è più disponibile.'))
      .then([skipped(1, 'L’orario non è più disponibile.')]);
    given([started, booked(0, 'b1')])
      .when(record(0, 'b1'))
      .then([]);
  });

  it('refuses a visit of no series, or one that is not in it', () => {
    given([]).when(record(0, 'b1')).thenThrows('serie_non_trovata');
    given([started])
      .when({ ...record(0, 'b1'), index: 3 })
      .thenThrows('visita_fuori_serie');
    given([started])
      .when({ ...record(0, 'b1'), start: '2030-03-27T10:00:00Z' })
      .thenThrows('visita_fuori_serie');
  });
});

describe('series of follow-ups: the workflow', () => {
  const fold = (events: SeriesEvent[]) =>
    foldWorkflow(
      followUpSeriesWorkflow,
      { series },
      events.map((e, i) => ({ ...e, stream: 'series-s1', position: i })),
    );

  it('given no event, when decided, then it starts; then it books each visit in order, skipped ones included, and ends', () => {
    expect(followUpSeriesWorkflow.decide(fold([]))).toEqual({ type: 'Start' });
    expect(followUpSeriesWorkflow.decide(fold([started]))).toEqual({ type: 'BookVisit', index: 0, start: series.starts[0] });
    expect(followUpSeriesWorkflow.decide(fold([started, booked(0, 'b1'), skipped(1, 'preso')]))).toEqual({
      type: 'BookVisit',
      index: 2,
      start: series.starts[2],
    });
    expect(followUpSeriesWorkflow.decide(fold([started, booked(0, 'b1'), skipped(1, 'preso'), booked(2, 'b3')]))).toBeNull();
  });

  it('places the visits on the same weekday and time, every K weeks (across the DST change of 31 March 2030: wall-clock times)', () => {
    expect(seriesStarts('2030-03-05T10:00:00Z', 3, 3)).toEqual(['2030-03-26T10:00:00Z', '2030-04-16T10:00:00Z', '2030-05-07T10:00:00Z']);
    expect(seriesStarts('2030-03-05T10:30:00Z', 1, 2)).toEqual(['2030-03-12T10:30:00Z', '2030-03-19T10:30:00Z']);
  });
});
