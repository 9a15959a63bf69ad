/** @jest-environment jsdom */
import { WorkingHours } from '@studio/contracts';
import { it as t } from '../../../i18n/it';
import { END_HOURS, START_HOURS, validateWorkingHours } from './workingHours';

describe('validateWorkingHours', () => {
  test('accepts whole hours with the end after the start', () => {
    expect(validateWorkingHours({ startHour: '8', endHour: '19' })).toEqual({ ok: true, value: { startHour: 8, endHour: 19 } });
    expect(validateWorkingHours({ startHour: 0, endHour: 24 })).toEqual({ ok: true, value: { startHour: 0, endHour: 24 } });
    expect(validateWorkingHours({ startHour: '23', endHour: '24' })).toEqual({ ok: true, value: { startHour: 23, endHour: 24 } });
  });

  test('the end must follow the start', () => {
    expect(validateWorkingHours({ startHour: '10', endHour: '10' })).toEqual({ ok: false, errors: { endHour: t.workingHours.endBeforeStart } });
    expect(validateWorkingHours({ startHour: '12', endHour: '9' })).toEqual({ ok: false, errors: { endHour: t.workingHours.endBeforeStart } });
  });

  test('out of range or not whole hours', () => {
    expect(validateWorkingHours({ startHour: '24', endHour: '24' })).toEqual({ ok: false, errors: { startHour: t.workingHours.startInvalid } });
    expect(validateWorkingHours({ startHour: '-1', endHour: '25' })).toEqual({
      ok: false,
      errors: { startHour: t.workingHours.startInvalid, endHour: t.workingHours.endInvalid },
    });
    expect(validateWorkingHours({ startHour: '8.5', endHour: '' })).toEqual({
      ok: false,
      errors: { startHour: t.workingHours.startInvalid, endHour: t.workingHours.endInvalid },
    });
    expect(validateWorkingHours({ startHour: 'otto', endHour: '0' }).ok).toBe(false);
  });

  test('agrees with the shared contract on every choice the selects offer', () => {
    for (const startHour of START_HOURS) {
      for (const endHour of END_HOURS) {
        expect(validateWorkingHours({ startHour, endHour }).ok).toBe(WorkingHours.safeParse({ startHour, endHour }).success);
      }
    }
    expect(START_HOURS[0]).toBe(0);
    expect(START_HOURS.at(-1)).toBe(23);
    expect(END_HOURS[0]).toBe(1);
    expect(END_HOURS.at(-1)).toBe(24);
  });
});
