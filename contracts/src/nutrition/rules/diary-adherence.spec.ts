import { weekStartOf, weeklyAdherence } from './diary-adherence';

// source: the product's rule for the diary (issue "The patient's app": "an adherence figure per week (meals logged …)"),
// five meals a day as the diary's meal list; weeks start on Monday (ISO 8601)
describe('weekly adherence of the food diary', () => {
  it('starts weeks on Monday (ISO 8601): 2030-03-04 is a Monday, 2030-03-10 a Sunday', () => {
    expect(weekStartOf('2030-03-04')).toBe('2030-03-04');
    expect(weekStartOf('2030-03-10')).toBe('2030-03-04');
    expect(weekStartOf('2030-03-11')).toBe('2030-03-11');
  });

  it('counts meals logged of five a day, a meal logged twice once', () => {
    const entries = [
      { date: '2030-03-04', meal: 'colazione' },
      { date: '2030-03-04', meal: 'colazione' },
      { date: '2030-03-04', meal: 'pranzo' },
      { date: '2030-03-05', meal: 'cena' },
      { date: '2030-03-11', meal: 'cena' },
    ];
    expect(weeklyAdherence(entries, '2030-03-04', '2030-03-17', '2030-03-30')).toEqual([
      { weekStart: '2030-03-04', mealsLogged: 3, mealsExpected: 35, percent: 9, daysWithPlan: 0 },
      { weekStart: '2030-03-11', mealsLogged: 1, mealsExpected: 35, percent: 3, daysWithPlan: 0 },
    ]);
  });

  it('expects only the days of the range up to today', () => {
    const entries = [1, 2, 3, 4, 5].map((i) => ({ date: '2030-03-06', meal: ['colazione', 'spuntino', 'pranzo', 'merenda', 'cena'][i - 1] }));
    // from Wednesday to today Thursday: two days, ten meals; an entry after today is not counted
    expect(weeklyAdherence([...entries, { date: '2030-03-08', meal: 'cena' }], '2030-03-06', '2030-03-10', '2030-03-07')).toEqual([
      { weekStart: '2030-03-04', mealsLogged: 5, mealsExpected: 10, percent: 50, daysWithPlan: 0 },
    ]);
  });

  it("on the days a plan is in force, expects the plan's meals of that day and counts only those", () => {
    // Monday's plan: colazione, pranzo, cena (no snacks); Tuesday: no plan yet, five meals
    const planned = (date: string) => (date === '2030-03-04' ? ['colazione', 'pranzo', 'cena'] : null);
    const entries = [
      { date: '2030-03-04', meal: 'colazione' },
      { date: '2030-03-04', meal: 'merenda' }, // not in the plan: not counted
      { date: '2030-03-04', meal: 'cena' },
      { date: '2030-03-05', meal: 'merenda' },
    ];
    expect(weeklyAdherence(entries, '2030-03-04', '2030-03-05', '2030-03-05', planned)).toEqual([
      { weekStart: '2030-03-04', mealsLogged: 3, mealsExpected: 8, percent: 38, daysWithPlan: 1 },
    ]);
  });
});
