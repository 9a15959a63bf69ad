import { REQUIRED_PORTIONS, weeklyPortionsProblem } from './portions';

describe('weekly portions', () => {
  it('keeps no portions at all, or exactly fourteen', () => {
    expect(REQUIRED_PORTIONS).toBe(14);
    expect(weeklyPortionsProblem(0)).toBeUndefined();
    expect(weeklyPortionsProblem(14)).toBeUndefined();
  });

  it('refuses any other total, saying how many there are', () => {
    expect(weeklyPortionsProblem(13)).toEqual({
      code: 'porzioni_non_valide',
      message: 'Le porzioni settimanali devono essere in tutto 14 (pranzi e cene della settimana): ora sono 13',
    });
    expect(weeklyPortionsProblem(15)?.code).toBe('porzioni_non_valide');
  });
});
