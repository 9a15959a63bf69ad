import type { AuditEventRow } from '@studio/contracts';
import { groupReads } from './groupReads';

const read = (position: number, at: string, userId = 'u1', what = 'personal_data', stream = 'access-p1'): AuditEventRow => ({
  position,
  id: `e${position}`,
  stream,
  revision: position,
  type: 'PersonalDataAccessed',
  category: 'patients',
  at,
  recordedAt: at,
  userId,
  role: 'doctor',
  correlationId: `c${position}`,
  causationId: `c${position}`,
  what,
});

describe('the reads of personal data in /storico, grouped as the patient’s own list', () => {
  it('same reader, same person and kind, same hour: one row with the count, where the newest is; other events stay', () => {
    const other: AuditEventRow = { ...read(5, '2030-03-05T09:50:00Z'), type: 'BookingHeld', stream: 'booking-b1', what: undefined };
    const rows = [
      read(7, '2030-03-05T09:59:00Z'),
      read(6, '2030-03-05T09:55:00Z'),
      other,
      read(4, '2030-03-05T09:10:00Z'),
      read(3, '2030-03-05T09:05:00Z', 'u2'),
      read(2, '2030-03-05T09:01:00Z', 'u1', 'diet'),
      read(1, '2030-03-05T08:59:00Z'),
    ];
    const listed = groupReads(rows);
    expect(listed.map((e) => [e.position, e.count])).toEqual([
      [7, 3],
      [5, 1],
      [3, 1],
      [2, 1],
      [1, 1],
    ]);
    expect(listed[0].firstAt).toBe('2030-03-05T09:10:00Z');
  });
});
