import type { PersonalDataAccessed } from '@studio/contracts';

/**
 * `access-<subjectId>`: every read of a person's data is recorded, whatever came before (a read is never refused
 * by the log itself). The state is only how many reads there were, so a concurrent read re-decides at once.
 */
export type AccessLogEvent = { type: 'PersonalDataAccessed'; data: PersonalDataAccessed };
export type RecordAccess = { type: 'RecordAccess'; access: PersonalDataAccessed };

export const accessLogDecider = {
  initialState: (): number => 0,
  evolve: (reads: number, _event: AccessLogEvent): number => reads + 1,
  decide: (command: RecordAccess, _reads: number): AccessLogEvent[] => [{ type: 'PersonalDataAccessed', data: command.access }],
};
