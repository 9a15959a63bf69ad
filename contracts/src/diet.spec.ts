import {
  caloriesFor,
  categoryAverageMacros,
  categoryItem,
  chosenPortionCategories,
  DietDraft,
  DietSaveRequest,
  energySplit,
  macroGrams,
  normalizeDiet,
  normalizeLink,
  NotesDoc,
  NOTES_MAX_LENGTH,
  portionsTotal,
  roundToBaseWeight,
  summarizeDiet,
  summarizeMeal,
  unknownReference,
  type CatalogueItem,
  type DietRow,
} from './diet';

// a pasta (food 1), olive oil (food 2) and the category "Verdure" (id 3, option value 100003)
const items: Record<number, CatalogueItem> = {
  1: { name: 'Pasta di semola', kcal100: 353, baseWeight: 80, protein: 13, carbohydrate: 74, fat: 1.2 },
  2: { name: 'Olio extravergine di oliva', kcal100: 899, baseWeight: 10, protein: 0, carbohydrate: 0, fat: 99.9 },
  100003: { name: 'Verdure', kcal100: 22, baseWeight: 200, protein: null, carbohydrate: null, fat: null },
};
const lookup = (item: number) => items[item];
const row = (id: string, item: number, grams: number, alternatives: DietRow['alternatives'] = []): DietRow => ({ id, item, grams, alternatives });

describe('diet calculations', () => {
  it('rounds grams to the nearest multiple of the base weight (halves up)', () => {
    expect(roundToBaseWeight(130, 50)).toBe(150);
    expect(roundToBaseWeight(125, 50)).toBe(150);
    expect(roundToBaseWeight(124, 50)).toBe(100);
    expect(roundToBaseWeight(80, 80)).toBe(80);
    expect(roundToBaseWeight(20, 50)).toBe(0);
    expect(roundToBaseWeight(37.4, 0)).toBe(37);
  });

  it('computes kcal = kcal per 100 g × grams / 100, to an integer', () => {
    expect(caloriesFor(353, 80)).toBe(282); // 282.4
    expect(caloriesFor(899, 10)).toBe(90); // 89.9
    expect(caloriesFor(17, 150)).toBe(26); // 25.5, half up
    expect(caloriesFor(52, 150)).toBe(78);
    expect(caloriesFor(0, 500)).toBe(0);
  });

  it('computes macronutrient grams to one decimal and the energy split in whole percent', () => {
    expect(macroGrams(13, 80)).toBe(10.4);
    expect(macroGrams(74, 80)).toBe(59.2);
    expect(macroGrams(1.2, 80)).toBe(1);
    // 10.4 g × 4 = 41.6 kcal, 59.2 × 4 = 236.8, 1 × 9 = 9: total 287.4
    expect(energySplit({ protein: 10.4, carbohydrate: 59.2, fat: 1 })).toEqual({ protein: 14, carbohydrate: 82, fat: 3 });
    expect(energySplit({ protein: 0, carbohydrate: 0, fat: 0 })).toEqual({ protein: 0, carbohydrate: 0, fat: 0 });
  });

  it('summarizes a meal: rounded grams, kcal, macros; categories have no macros; unchosen rows are left out', () => {
    const meal = summarizeMeal('pranzo', [row('a', 1, 90), row('b', 2, 12), row('c', 100003, 250), row('d', 0, 100)], lookup);
    expect(meal).toEqual({
      meal: 'pranzo',
      rows: [
        { id: 'a', item: 1, name: 'Pasta di semola', grams: 80, kcal: 282, protein: 10.4, carbohydrate: 59.2, fat: 1 },
        { id: 'b', item: 2, name: 'Olio extravergine di oliva', grams: 10, kcal: 90, protein: 0, carbohydrate: 0, fat: 10 },
        { id: 'c', item: 100003, name: 'Verdure', grams: 200, kcal: 44, protein: null, carbohydrate: null, fat: null },
      ],
      kcal: 416,
      protein: 10.4,
      carbohydrate: 59.2,
      fat: 11,
    });
  });

  it('summarizes the day over the five meals, alternatives not added', () => {
    const draft = DietDraft.parse({
      meals: { pranzo: [row('a', 1, 80, [{ item: 100003, grams: 200 }])], cena: [row('b', 1, 160), row('c', 2, 10)] },
      portions: {
        pranzo: [{ categoryId: 3, times: 7 }],
        cena: [
          { categoryId: 3, times: 4 },
          { categoryId: 5, times: 3 },
        ],
      },
    });
    const summary = summarizeDiet(draft, lookup);
    // pranzo 282; cena 160 g pasta = 564.8 → 565, oil 90: 655; day 937
    expect(summary.meals).toEqual([
      { meal: 'colazione', kcal: 0 },
      { meal: 'spuntino', kcal: 0 },
      { meal: 'pranzo', kcal: 282 },
      { meal: 'merenda', kcal: 0 },
      { meal: 'cena', kcal: 655 },
    ]);
    expect(summary.kcal).toBe(937);
    // protein 10.4 + 20.8 = 31.2; carbohydrate 59.2 + 118.4 = 177.6; fat 1 + 1.9 + 10 = 12.9
    expect([summary.protein, summary.carbohydrate, summary.fat]).toEqual([31.2, 177.6, 12.9]);
    // 124.8 + 710.4 + 116.1 = 951.3 kcal from macros
    expect(summary.split).toEqual({ protein: 13, carbohydrate: 75, fat: 12 });
    expect(summary.portionsTotal).toBe(14);
    expect(portionsTotal(draft.portions)).toBe(14);
    expect(chosenPortionCategories(draft.portions)).toEqual([3, 5]);
  });

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

describe('category rows carry macronutrients', () => {
  it("are the plain average of the category's foods per 100 g, one decimal; none without foods", () => {
    // Zucchine 1,3/1,4/0,1 and Pomodori 1/3,5/0,2 (the demo catalogue, after CREA)
    expect(
      categoryAverageMacros([
        { protein: 1.3, carbohydrate: 1.4, fat: 0.1 },
        { protein: 1, carbohydrate: 3.5, fat: 0.2 },
      ]),
    ).toEqual({ protein: 1.2, carbohydrate: 2.5, fat: 0.2 });
    expect(categoryAverageMacros([])).toBeNull();
  });
});
