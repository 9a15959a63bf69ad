import { followUpSeriesStreamName, type EventData } from '@studio/contracts';
import { ConflictError } from '../../../platform/common/errors';
import type { Workflow, WorkflowEvent } from '../../../platform/event-store/workflow';

// ---- the series' own stream, `series-<id>`: started once, each visit recorded once --------------------------------

export type SeriesEvent =
  | { type: 'FollowUpSeriesStarted'; data: EventData<'FollowUpSeriesStarted'> }
  | { type: 'FollowUpSeriesVisitBooked'; data: EventData<'FollowUpSeriesVisitBooked'> }
  | { type: 'FollowUpSeriesVisitSkipped'; data: EventData<'FollowUpSeriesVisitSkipped'> };

export type SeriesCommand =
  | { type: 'StartSeries'; series: EventData<'FollowUpSeriesStarted'> }
  | { type: 'RecordSeriesVisit'; seriesId: string; index: number; start: string; bookingId: string | null; reason: string | null };

export interface SeriesState {
  started: EventData<'FollowUpSeriesStarted'> | null;
  /** index → the booking made, or the reason it was skipped */
  visits: Record<number, { bookingId: string } | { skipped: string }>;
}

export const followUpSeriesDecider = {
  initialState: (): SeriesState => ({ started: null, visits: {} }),
  evolve(state: SeriesState, event: SeriesEvent): SeriesState {
    switch (event.type) {
      case 'FollowUpSeriesStarted':
        return { ...state, started: event.data };
      case 'FollowUpSeriesVisitBooked':
        return { ...state, visits: { ...state.visits, [event.data.index]: { bookingId: event.data.bookingId } } };
      case 'FollowUpSeriesVisitSkipped':
        return { ...state, visits: { ...state.visits, [event.data.index]: { skipped: event.data.reason } } };
    }
  },
  decide(command: SeriesCommand, state: SeriesState): SeriesEvent[] {
    if (command.type === 'StartSeries') {
      // the same start again (a retry) changes nothing
      if (state.started) return [];
      return [{ type: 'FollowUpSeriesStarted', data: command.series }];
    }
    if (!state.started) throw new ConflictError('Serie di controlli non trovata.', 'serie_non_trovata');
    if (command.index < 0 || command.index >= state.started.starts.length || state.started.starts[command.index] !== command.start) {
      throw new ConflictError('Questa visita non fa parte della serie.', 'visita_fuori_serie');
    }
    // each visit is recorded once: a retry after a crash finds it and appends nothing
    if (state.visits[command.index]) return [];
    const { seriesId, index, start } = command;
    return command.bookingId
      ? [{ type: 'FollowUpSeriesVisitBooked', data: { seriesId, index, start, bookingId: command.bookingId } }]
      : [{ type: 'FollowUpSeriesVisitSkipped', data: { seriesId, index, start, reason: command.reason ?? 'Orario non disponibile.' } }];
  },
};

// ---- the workflow: start, then book each visit in turn ---------------------------------------------------------------

/**
 * The series as recorded when it starts: all a run needs, so the sweep resumes an unfinished series from its read
 * model (who takes each desk payment, the visit type and the sealed tax code are found from it by the effect).
 */
export interface SeriesInput {
  series: EventData<'FollowUpSeriesStarted'>;
}

/** the effect that books one visit of the series (the patient's hold, its desk payment) and records it (the service's) */
export const BOOK_SERIES_VISIT = 'prenota-visita-della-serie';

/**
 * A step is one command on the series stream. `BookVisit` is carried out by the service (the patient's hold and its
 * desk payment, each idempotent: an existing booking of the patient at that start is found again, a desk payment is
 * keyed by the booking) and ends with `RecordSeriesVisit` on the series stream, which records each visit once.
 */
export type SeriesStep = { type: 'Start' } | { type: 'BookVisit'; index: number; start: string };

export const followUpSeriesWorkflow: Workflow<SeriesInput, SeriesState, SeriesStep, SeriesEvent> = {
  name: 'serie-di-controlli',
  streams: ({ series }) => [followUpSeriesStreamName(series.seriesId)],
  initialState: () => followUpSeriesDecider.initialState(),
  evolve: (state, event: WorkflowEvent<SeriesEvent>) => followUpSeriesDecider.evolve(state, event),
  decide(state) {
    if (!state.started) return { type: 'Start' };
    const index = state.started.starts.findIndex((_, i) => !state.visits[i]);
    return index < 0 ? null : { type: 'BookVisit', index, start: state.started.starts[index] };
  },
  route: (step, input) =>
    step.type === 'Start'
      ? { stream: followUpSeriesStreamName(input.series.seriesId), decider: followUpSeriesDecider, command: { type: 'StartSeries', series: input.series } }
      : { effect: BOOK_SERIES_VISIT, args: { input, index: step.index, start: step.start } },
};

const DAY_MS = 86_400_000;
/** the starts of the series: the same weekday and time as the visit, every `everyWeeks` weeks, `count` of them */
export function seriesStarts(visitStart: string, everyWeeks: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.parse(visitStart) + (i + 1) * everyWeeks * 7 * DAY_MS).toISOString().replace('.000Z', 'Z'));
}
