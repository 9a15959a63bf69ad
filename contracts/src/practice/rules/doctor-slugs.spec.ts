import { DoctorSlugInput, doctorSlugs, slugFromName } from './doctor-slugs';

describe('doctor slugs', () => {
  it('come from the name: accents dropped, lower case, one hyphen between words', () => {
    expect(slugFromName('Giulia Rossi')).toBe('giulia-rossi');
    expect(slugFromName("  Niccolò D'Àmbrosio-Làmpedusa ")).toBe('niccolo-d-ambrosio-lampedusa');
    expect(slugFromName('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(slugFromName('李')).toBe('medico');
  });

  it('two doctors with one name get -2 in the order of their ids; a chosen slug is kept and not given twice', () => {
    const doctors = [
      { id: 'b', name: 'Mario Rossi' },
      { id: 'a', name: 'Mario Rossi' },
      { id: 'c', name: 'Anna Bianchi' },
      { id: 'd', name: 'Luca Verdi' },
    ];
    const slugs = doctorSlugs(doctors, new Map([['d', 'anna-bianchi']]));
    expect(Object.fromEntries(slugs)).toEqual({ a: 'mario-rossi', b: 'mario-rossi-2', c: 'anna-bianchi-2', d: 'anna-bianchi' });
    // the same whatever the order given
    expect(Object.fromEntries(doctorSlugs([...doctors].reverse(), new Map([['d', 'anna-bianchi']])))).toEqual(Object.fromEntries(slugs));
  });

  it('the chosen slug of a doctor not listed is ignored', () => {
    expect(Object.fromEntries(doctorSlugs([{ id: 'a', name: 'Anna' }], new Map([['z', 'anna']])))).toEqual({ a: 'anna-2' });
  });

  it('the input is lower-cased and must be words of letters and digits joined by hyphens', () => {
    expect(DoctorSlugInput.parse({ slug: ' Dott-Rossi ' })).toEqual({ slug: 'dott-rossi' });
    for (const slug of ['', 'a', 'rossì', 'rossi--mario', '-rossi', 'rossi/../x', 'a'.repeat(61)])
      expect(DoctorSlugInput.safeParse({ slug }).success).toBe(false);
    expect(DoctorSlugInput.safeParse({ slug: 'rossì' }).error?.issues[0].message).toMatch(/Indirizzo della pagina/);
  });
});
