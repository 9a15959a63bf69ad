import { matchesPerson, namesakes, shortCode } from './people';

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

describe('a patient search: by name, birth date as Italians type it, or email', () => {
  const giulia = { name: 'Giulia Rossi', birthDate: '1985-03-07', email: 'giulia.rossi@example.it' };
  const niccolo = { name: 'Niccolò Neri', birthDate: null, email: null };

  it('finds a part of the name, accents and capitals ignored', () => {
    expect(matchesPerson('ROSS', giulia)).toBe(true);
    expect(matchesPerson('niccolo', niccolo)).toBe(true);
    expect(matchesPerson('Bianchi', giulia)).toBe(false);
  });

  it('finds the birth date typed dd/mm/yyyy, with one digit, dashes or dots, two-digit year, or day and month alone', () => {
    for (const typed of ['07/03/1985', '7/3/1985', '07-03-1985', '7.3.85', '07/03', '1985-03-07']) expect(matchesPerson(typed, giulia)).toBe(true);
    for (const typed of ['03/07/1985', '07/03/1986', '08/03']) expect(matchesPerson(typed, giulia)).toBe(false);
    expect(matchesPerson('07/03/1985', niccolo)).toBe(false);
  });

  it('finds a part of the email; an empty search matches everyone', () => {
    expect(matchesPerson('giulia.rossi@', giulia)).toBe(true);
    expect(matchesPerson('@example', niccolo)).toBe(false);
    expect(matchesPerson('  ', niccolo)).toBe(true);
  });
});
