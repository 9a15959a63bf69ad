import { agendaRange, shiftDay } from './agendaRange';

describe('agenda range', () => {
  it('a day view is that day', () => expect(agendaRange('2030-03-06', 'day')).toEqual({ from: '2030-03-06', to: '2030-03-06' }));
  it('a week view runs Monday to Sunday, whatever the day', () => {
    expect(agendaRange('2030-03-06', 'week')).toEqual({ from: '2030-03-04', to: '2030-03-10' });
    expect(agendaRange('2030-03-10', 'week')).toEqual({ from: '2030-03-04', to: '2030-03-10' });
    expect(agendaRange('2030-03-11', 'week')).toEqual({ from: '2030-03-11', to: '2030-03-17' });
  });
  it('steps by a day or a week, across months and the DST change', () => {
    expect(shiftDay('2030-03-31', 'day', 1)).toBe('2030-04-01');
    expect(shiftDay('2030-03-28', 'week', 1)).toBe('2030-04-04');
    expect(shiftDay('2030-03-04', 'week', -1)).toBe('2030-02-25');
  });
});
