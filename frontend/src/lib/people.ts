/** the ids of people who share their name with someone else in the same list (they need more than a name to be told apart) */
export function namesakes(people: readonly { id: string; name: string }[]): Set<string> {
  const count = new Map<string, number>();
  for (const p of people) count.set(p.name.trim().toLocaleLowerCase('it'), (count.get(p.name.trim().toLocaleLowerCase('it')) ?? 0) + 1);
  return new Set(people.filter((p) => (count.get(p.name.trim().toLocaleLowerCase('it')) ?? 0) > 1).map((p) => p.id));
}

/** a short, stable code of an id: its first 8 characters */
export function shortCode(id: string): string {
  return id.replace(/-/g, '').slice(0, 8);
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it').trim();

/** a date typed as Italians do (12/3/1980, 12-03-1980, 12.03.80, or just 12/03), or as ISO (1980-03-12) */
function typedDate(text: string): { day: number; month: number; year?: string } | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return { day: Number(iso[3]), month: Number(iso[2]), year: iso[1] };
  const it = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(text);
  return it ? { day: Number(it[1]), month: Number(it[2]), year: it[3] } : null;
}

/**
 * whether a person matches what was typed in a patient search: a part of the name (accents and capitals
 * ignored), the birth date (dd/mm/yyyy, or day and month alone) or a part of the email
 */
export function matchesPerson(typed: string, person: { name: string; birthDate?: string | null; email?: string | null }): boolean {
  const query = folded(typed);
  if (!query) return true;
  const date = typedDate(query);
  if (date) {
    const born = person.birthDate && /^(\d{4})-(\d{2})-(\d{2})/.exec(person.birthDate);
    return !!born && Number(born[3]) === date.day && Number(born[2]) === date.month && (!date.year || born[1].endsWith(date.year));
  }
  return folded(person.name).includes(query) || (!!person.email && person.email.toLocaleLowerCase('it').includes(query));
}
