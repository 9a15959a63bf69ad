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
