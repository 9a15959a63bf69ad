import { undoOpen, visitEnded, wallClockNow } from './outcomeTiming';

describe('outcome timing in the agenda', () => {
  // local wall clock: the test builds local dates, as the browser at the practice reads its clock
  const local = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi);

  it('reads the local clock as the slots write it', () => {
    expect(wallClockNow(local(2030, 3, 5, 9, 59))).toBe('2030-03-05T09:59:00Z');
  });

  it('offers the outcome only once the visit has ended, not when it has merely begun', () => {
    const visit = { end: '2030-03-05T10:00:00Z' }; // 09:00–10:00
    expect(visitEnded(visit, local(2030, 3, 5, 9, 30))).toBe(false);
    expect(visitEnded(visit, local(2030, 3, 5, 9, 59))).toBe(false);
    expect(visitEnded(visit, local(2030, 3, 5, 10, 0))).toBe(true);
    expect(visitEnded(visit, local(2030, 3, 6, 8, 0))).toBe(true);
  });

  it('offers the undo for 24 hours after the outcome was recorded', () => {
    const at = '2030-03-05T09:00:00.000Z';
    expect(undoOpen({ status: 'completed', outcomeAt: at }, new Date('2030-03-06T09:00:00.000Z'))).toBe(true);
    expect(undoOpen({ status: 'no_show', outcomeAt: at }, new Date('2030-03-06T09:00:00.001Z'))).toBe(false);
    expect(undoOpen({ status: 'completed' }, new Date(at))).toBe(false);
    expect(undoOpen({ status: 'confirmed', outcomeAt: at }, new Date(at))).toBe(false);
  });
});
