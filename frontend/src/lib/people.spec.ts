import { namesakes, shortCode } from './people';

describe('namesakes', () => {
  it('marks every person whose name another one shares, whatever the case, and nobody else', () => {
    const people = [
      { id: 'a', name: 'Luca Verdi' },
      { id: 'b', name: 'Anna Neri' },
      { id: 'c', name: 'luca verdi' },
      { id: 'd', name: 'Luca Verdi ' },
    ];
    expect([...namesakes(people)].sort()).toEqual(['a', 'c', 'd']);
    expect(namesakes([{ id: 'b', name: 'Anna Neri' }]).size).toBe(0);
  });

  it('a short code is the first 8 characters of the id without dashes', () => {
    expect(shortCode('1a2b-3c4d-5e6f')).toBe('1a2b3c4d');
  });
});
