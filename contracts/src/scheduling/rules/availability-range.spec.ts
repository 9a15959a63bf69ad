import { MAX_RANGE_DAYS, availabilityRangeProblem } from './availability-range';

describe('availability range', () => {
  it('answers a forward range up to the maximum', () => {
    expect(availabilityRangeProblem('2025-03-01T00:00:00Z', '2025-03-08T00:00:00Z')).toBeUndefined();
    const end = new Date(Date.parse('2025-03-01T00:00:00Z') + MAX_RANGE_DAYS * 86_400_000).toISOString();
    expect(availabilityRangeProblem('2025-03-01T00:00:00Z', end)).toBeUndefined();
  });

  it('refuses an empty or backward range, and one wider than the maximum', () => {
    expect(availabilityRangeProblem('2025-03-08T00:00:00Z', '2025-03-08T00:00:00Z')?.code).toBe('intervallo_non_valido');
    expect(availabilityRangeProblem('2025-03-08T00:00:00Z', '2025-03-01T00:00:00Z')?.code).toBe('intervallo_non_valido');
    expect(availabilityRangeProblem('2025-03-01T00:00:00Z', '2025-05-03T00:00:00Z')).toEqual({
      code: 'intervallo_troppo_ampio',
      message: 'Intervallo troppo ampio: al massimo 62 giorni.',
    });
  });
});
