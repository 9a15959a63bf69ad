import type { CatalogueFood } from '@studio/contracts';
import { tableFood } from './food-tables.fixtures';
import { preferredFirst, sameFoodKey } from './preferred-source';

const food = (source: 'ciqual' | 'svizzera', code: string, name: string): CatalogueFood => ({ ...tableFood(source, code), name });
const ids = (foods: CatalogueFood[]) => foods.map((f) => f.id);

describe('the preferred table first where both have the same food', () => {
  const list = [
    food('ciqual', '1', 'Mela, cruda'),
    food('svizzera', '9', 'Pera, cruda'),
    food('ciqual', '2', 'Pera cruda'),
    food('svizzera', '8', 'Mela, cruda'),
    food('svizzera', '7', 'Banana'),
  ];

  it('puts the preferred table’s food in the place of the first of the same food, keeping both', () => {
    expect(ids(preferredFirst(list, 'svizzera'))).toEqual(['svizzera-8', 'ciqual-1', 'svizzera-9', 'ciqual-2', 'svizzera-7']);
    expect(ids(preferredFirst(list, 'ciqual'))).toEqual(['ciqual-1', 'ciqual-2', 'svizzera-9', 'svizzera-8', 'svizzera-7']);
  });

  it('changes nothing without a preference, and leaves the other foods where they were', () => {
    expect(ids(preferredFirst(list, null))).toEqual(ids(list));
    const studio = { ...tableFood('ciqual', '5'), id: 'studio-5' as const, source: 'studio' as const, name: 'Mela, cruda' };
    expect(ids(preferredFirst([studio, ...list], 'svizzera'))).toEqual(['studio-5', 'svizzera-8', 'ciqual-1', 'svizzera-9', 'ciqual-2', 'svizzera-7']);
  });

  it('compares names without case, accents and punctuation', () => {
    expect(sameFoodKey('Caffè, espresso  ')).toBe(sameFoodKey('caffe espresso'));
    expect(sameFoodKey('Mela')).not.toBe(sameFoodKey('Mele'));
  });
});
