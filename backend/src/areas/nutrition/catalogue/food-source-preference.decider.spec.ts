import { deciderSpec } from '../../../platform/event-store/decider-spec';
import { foodSourcePreferenceDecider } from './food-source-preference.decider';

describe('food source preference decider (foodsourcepreference-practice)', () => {
  const given = deciderSpec(foodSourcePreferenceDecider);
  const at = '2030-03-04T10:00:00.000Z';
  const set = (source: 'ciqual' | 'svizzera' | null) => ({ type: 'PreferredFoodSourceSet' as const, data: { source, at } });

  it('records a new preference, and nothing when it is already the one', () => {
    given([])
      .when({ type: 'SetPreferredFoodSource', source: 'svizzera', at })
      .then([set('svizzera')]);
    given([set('svizzera')])
      .when({ type: 'SetPreferredFoodSource', source: 'svizzera', at })
      .then([]);
    given([set('svizzera')])
      .when({ type: 'SetPreferredFoodSource', source: null, at })
      .then([set(null)]);
    given([]).when({ type: 'SetPreferredFoodSource', source: null, at }).then([]);
  });
});
