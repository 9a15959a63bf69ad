import type { EventData, WeeklySchedule } from '@studio/contracts';

/** One stream per doctor, `schedule-<doctorId>`: the weekly schedule and the closures (holidays, absences). */
export type ScheduleEvent =
  { type: 'WeeklyScheduleSet'; data: EventData<'WeeklyScheduleSet'> } | { type: 'AvailabilityClosureAdded'; data: EventData<'AvailabilityClosureAdded'> };

export interface Closure {
  closureId: string;
  from: string;
  to: string;
  reason: string;
}

export interface DoctorSchedule {
  /** Monday first; null until the doctor sets one */
  days: WeeklySchedule | null;
  closures: Closure[];
}

export type ScheduleCommand =
  | { type: 'SetWeeklySchedule'; doctorId: string; days: WeeklySchedule }
  | { type: 'AddClosure'; doctorId: string; closureId: string; from: string; to: string; reason: string };

export const initialState = (): DoctorSchedule => ({ days: null, closures: [] });

export function evolve(state: DoctorSchedule, event: ScheduleEvent): DoctorSchedule {
  switch (event.type) {
    case 'WeeklyScheduleSet':
      return { ...state, days: event.data.days };
    case 'AvailabilityClosureAdded': {
      const { closureId, from, to, reason } = event.data;
      return { ...state, closures: [...state.closures, { closureId, from, to, reason }] };
    }
  }
}

const sortedDays = (days: WeeklySchedule): WeeklySchedule => days.map((ranges) => [...ranges].sort((a, b) => a.from.localeCompare(b.from)));

export function decide(command: ScheduleCommand, state: DoctorSchedule): ScheduleEvent[] {
  switch (command.type) {
    case 'SetWeeklySchedule': {
      const days = sortedDays(command.days);
      if (state.days && JSON.stringify(state.days) === JSON.stringify(days)) return [];
      return [{ type: 'WeeklyScheduleSet', data: { doctorId: command.doctorId, days } }];
    }
    case 'AddClosure': {
      // the same closure again (a retried request) changes nothing
      if (state.closures.some((c) => c.closureId === command.closureId)) return [];
      const { doctorId, closureId, from, to, reason } = command;
      return [{ type: 'AvailabilityClosureAdded', data: { doctorId, closureId, from, to, reason } }];
    }
  }
}

export const scheduleDecider = { initialState, evolve, decide };

/** whether a day lies in one of the closures */
export const closedOn = (schedule: DoctorSchedule, day: string) => schedule.closures.some((c) => c.from <= day && day <= c.to);
