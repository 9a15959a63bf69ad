import { DietDraft, DietSaveRequest, mealNamesOf, normalizeDiet, unknownReference, upcastDietContent, type DietRow } from './diet-plan';
import { NotesDoc } from './diet-notes';
import { normalizeLink, NOTES_MAX_LENGTH } from './rules/notes-text';
import { categoryItem, type CatalogueItem } from './rules/diet-summary';

// a pasta (food 1), olive oil (food 2) and the category "Verdure" (id 3, option value 100003)
const items: Record<number, CatalogueItem> = {
  1: { name: 'Pasta di semola', kcal100: 353, baseWeight: 80, protein: 13, carbohydrate: 74, fat: 1.2 },
  2: { name: 'Olio extravergine di oliva', kcal100: 899, baseWeight: 10, protein: 0, carbohydrate: 0, fat: 99.9 },
  100003: { name: 'Verdure', kcal100: 22, baseWeight: 200, protein: null, carbohydrate: null, fat: null },
};
const lookup = (item: number) => items[item];
const row = (id: string, item: number, grams: number, alternatives: DietRow['alternatives'] = []): DietRow => ({ id, item, grams, alternatives });

describe('diet calculations', () => {
  it('names the first unknown food or category', () => {
    const draft = (item: number) => DietDraft.parse({ meals: { colazione: [row('a', item, 100)] } });
    expect(unknownReference(draft(1), lookup)).toBeNull();
    expect(unknownReference(draft(7), lookup)).toBe('Alimento sconosciuto: 7');
    expect(unknownReference(draft(categoryItem(9)), lookup)).toBe('Categoria sconosciuta: 9');
    expect(unknownReference(DietDraft.parse({ portions: { pranzo: [{ categoryId: 4, times: 1 }] } }), lookup)).toBe('Categoria sconosciuta: 4');
  });

  it('normalizes a diet to keep: grams rounded, rows chosen, portions 0 or 14', () => {
    const ok = normalizeDiet(DietDraft.parse({ meals: { pranzo: [row('a', 1, 130, [{ item: 2, grams: 14 }])] } }), lookup);
    expect(ok).toEqual({
      ok: true,
      content: expect.objectContaining({ meals: expect.objectContaining({ pranzo: [row('a', 1, 160, [{ item: 2, grams: 10 }])] }) }),
    });
    expect(normalizeDiet(DietDraft.parse({ meals: { pranzo: [row('a', 0, 100)] } }), lookup)).toMatchObject({ ok: false, code: 'riga_incompleta' });
    expect(normalizeDiet(DietDraft.parse({ portions: { pranzo: [{ categoryId: 3, times: 13 }] } }), lookup)).toMatchObject({
      ok: false,
      code: 'porzioni_non_valide',
      message: expect.stringContaining('ora sono 13'),
    });
    expect(normalizeDiet(DietDraft.parse({ meals: { cena: [row('a', 1, 80), row('a', 1, 80)] } }), lookup)).toMatchObject({
      ok: false,
      code: 'riga_duplicata',
    });
  });

  it('refuses negative or absurd grams and non-integer portions at the boundary', () => {
    const issue = (body: unknown) => {
      const r = DietSaveRequest.safeParse(body);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(issue({ meals: { pranzo: [row('a', 1, -5)] } })).toBe('I grammi non possono essere negativi');
    expect(issue({ meals: { pranzo: [row('a', 1, 2500)] } })).toBe('Quantità non plausibile: al massimo 2000 g per riga');
    expect(issue({ portions: { cena: [{ categoryId: 3, times: 1.5 }] } })).toBe('Le porzioni devono essere numeri interi');
    expect(issue({ meals: { pranzo: [row('a', 1, 100)] } })).toBeNull();
  });
});

describe('rich-text notes', () => {
  it('turns an email into mailto, a phone number into tel, a bare host into https, and refuses other schemes', () => {
    expect(normalizeLink('mario.rossi@example.it')).toBe('mailto:mario.rossi@example.it');
    expect(normalizeLink('+39 333 123 4567')).toBe('tel:+393331234567');
    expect(normalizeLink('06-1234567')).toBe('tel:061234567');
    expect(normalizeLink('www.crea.gov.it')).toBe('https://www.crea.gov.it');
    expect(normalizeLink('example.com/dieta?x=1')).toBe('https://example.com/dieta?x=1');
    expect(normalizeLink('https://example.com')).toBe('https://example.com');
    expect(normalizeLink('mailto:a@b.it')).toBe('mailto:a@b.it');
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('data:text/html,x')).toBeNull();
    expect(normalizeLink('  ')).toBeNull();
  });

  it('accepts only the toolbar nodes and marks, safe links and the maximum length', () => {
    const doc = (content: unknown[]) => ({ type: 'doc', content });
    const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
    const good = doc([
      {
        type: 'paragraph',
        content: [text('Bere ', [{ type: 'bold' }]), text('acqua', [{ type: 'textStyle', attrs: { color: '#c00000', fontSize: '18px' } }])],
      },
      {
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [
              {
                type: 'paragraph',
                content: [text('sito', [{ type: 'link', attrs: { href: 'https://www.crea.gov.it', target: '_blank', rel: 'noopener noreferrer nofollow' } }])],
              },
            ],
          },
        ],
      },
    ]);
    expect(NotesDoc.safeParse(good).success).toBe(true);
    expect(NotesDoc.safeParse(doc([{ type: 'script', content: [] }])).success).toBe(false);
    expect(NotesDoc.safeParse(doc([{ type: 'paragraph', content: [text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])] }])).success).toBe(
      false,
    );
    expect(
      NotesDoc.safeParse(doc([{ type: 'paragraph', content: [text('x', [{ type: 'textStyle', attrs: { color: 'red;background:url(x)' } }])] }])).success,
    ).toBe(false);
    expect(NotesDoc.safeParse(doc([{ type: 'paragraph', content: [text('x'.repeat(NOTES_MAX_LENGTH + 1))] }])).success).toBe(false);
  });
});

describe('the weekly plan', () => {
  const yogurt = { name: 'Yogurt intero', kcal100: 66, baseWeight: 125, protein: 3.8, carbohydrate: 4.7, fat: 3.5 };
  const planLookup = (item: number | string) => (item === 'ciqual-19024' ? yogurt : items[item as number]);

  it('keeps a catalogue food’s grams as typed (a 170 g jar stays 170 g) and rounds practice foods to the base weight', () => {
    const draft = DietDraft.parse({
      days: [{ weekday: 'martedi', meals: { colazione: [{ id: 'a', item: 'ciqual-19024', grams: 170, alternatives: [{ item: 1, grams: 130 }] }] } }],
    });
    const ok = normalizeDiet(draft, planLookup);
    expect(ok.ok && ok.content.days).toEqual([
      {
        weekday: 'martedi',
        meals: {
          colazione: [{ id: 'a', item: 'ciqual-19024', grams: 170, alternatives: [{ item: 1, grams: 160 }] }],
          spuntino: [],
          pranzo: [],
          merenda: [],
          cena: [],
        },
      },
    ]);
  });

  it('keeps the known part of a recipe’s "< x" value with the plan’s values (a total counts it)', () => {
    const recipe = { name: 'Pasta e lenticchie', source: 'ricetta', version: '1', group: 'Ricette dello studio', baseWeight: 200 };
    const draft = DietDraft.parse({ values: { 'ricetta-1': { ...recipe, nutrients: { FE: { value: 1.23, flag: 'lt', atLeast: 1.2 } } } } });
    expect(draft.values['ricetta-1'].nutrients.FE).toEqual({ value: 1.23, flag: 'lt', atLeast: 1.2 });
  });

  it('puts the days in week order, refuses a weekday twice, a bad catalogue id, more than seven days', () => {
    const day = (weekday: string) => ({ weekday, meals: {} });
    const ok = normalizeDiet(DietDraft.parse({ days: [day('venerdi'), day('lunedi')] }), planLookup);
    expect(ok.ok && ok.content.days.map((d) => d.weekday)).toEqual(['lunedi', 'venerdi']);
    expect(DietDraft.safeParse({ days: [day('lunedi'), day('lunedi')] }).error?.issues[0].message).toBe(
      'Un giorno della settimana compare due volte nel piano',
    );
    expect(DietDraft.safeParse({ days: [] }).success).toBe(false);
    expect(DietDraft.safeParse({ days: [day('sabato2')] }).success).toBe(false);
    expect(DietDraft.safeParse({ meals: { pranzo: [row('a', 'nessuna-1' as unknown as number, 10)] } }).error?.issues[0].message).toBeDefined();
    expect(unknownReference(DietDraft.parse({ meals: { pranzo: [{ id: 'a', item: 'svizzera-9', grams: 10 }] } }), planLookup)).toBe(
      'Alimento sconosciuto: svizzera-9',
    );
  });

  it('reads an old one-day diet as a plan of one day (applied to every day), without names or values', () => {
    const old = { meals: DietDraft.parse({ meals: { pranzo: [row('a', 1, 80)] } }).meals, portions: { pranzo: [], cena: [] }, notes: null };
    const plan = upcastDietContent(old);
    expect(plan.days).toEqual([{ weekday: 'lunedi', meals: old.meals }]);
    expect(plan.meals).toBe(old.meals);
    expect([plan.mealNames, plan.values]).toEqual([{}, {}]);
    expect(mealNamesOf({ mealNames: { merenda: 'Spuntino del pomeriggio' } }).merenda).toBe('Spuntino del pomeriggio');
    expect(mealNamesOf({ mealNames: {} }).cena).toBe('Cena');
  });
});
