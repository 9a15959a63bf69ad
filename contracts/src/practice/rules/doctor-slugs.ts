import { z } from '../../platform/zod-it';

/**
 * A doctor's public address is `/medici/<slug>`. Until the administrator chooses one, the slug comes from the
 * doctor's name ("Giulia Rossi" → `giulia-rossi`); two doctors with the same name get `-2`, `-3`… in the order of
 * their ids, so an address does not depend on the order in which the doctors happen to be listed.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 60;

/** PUT /api/settings/doctors/:doctorId/slug (administrator) */
export const DoctorSlugInput = z.object({
  slug: z
    .string({ error: 'Indirizzo della pagina: campo obbligatorio' })
    .trim()
    .toLowerCase()
    .min(2, 'Indirizzo della pagina: almeno 2 caratteri')
    .max(SLUG_MAX, `Indirizzo della pagina: al massimo ${SLUG_MAX} caratteri`)
    .regex(SLUG_PATTERN, 'Indirizzo della pagina: solo lettere minuscole senza accenti, cifre e trattini fra le parole'),
});
export type DoctorSlugInput = z.input<typeof DoctorSlugInput>;

/** the slug a name gives: accents dropped, lower case, words joined by one hyphen; `medico` for a name with no letter */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'medico' : slug;
}

/**
 * Every doctor's slug: the chosen one where the administrator chose it, otherwise the name's, made unique against
 * the chosen ones and the others derived before it (doctors taken in the order of their ids).
 */
export function doctorSlugs(doctors: readonly { id: string; name: string }[], chosen: ReadonlyMap<string, string>): Map<string, string> {
  const slugs = new Map<string, string>();
  const taken = new Set(chosen.values());
  for (const [id, slug] of chosen) if (doctors.some((d) => d.id === id)) slugs.set(id, slug);
  for (const doctor of [...doctors].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (slugs.has(doctor.id)) continue;
    const base = slugFromName(doctor.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    slugs.set(doctor.id, slug);
  }
  return slugs;
}
