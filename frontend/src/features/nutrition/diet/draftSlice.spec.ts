import { EMPTY_DIET, type DietContent } from '@studio/contracts';
import { draftActions, draftSlice, firstEmptyRow, initialDraft, isDirty, saveBody, shownDay } from './draftSlice';

const reduce = (state: ReturnType<typeof initialDraft>, ...actions: ReturnType<(typeof draftActions)[keyof typeof draftActions]>[]) =>
  actions.reduce((s, a) => draftSlice.reducer(s, a), state);
const monday: DietContent = {
  ...EMPTY_DIET,
  days: [{ weekday: 'lunedi', meals: { ...EMPTY_DIET.meals, pranzo: [{ id: 'r4', item: 1, grams: 80, alternatives: [{ item: 2, grams: 10 }] }] } }],
};

describe('the plan editor’s form', () => {
  it('reads a content without days (an old diet) as one day', () => {
    const old = { meals: monday.days[0].meals, portions: EMPTY_DIET.portions, notes: null } as unknown as DietContent;
    expect(initialDraft(old).draft.days).toEqual([{ weekday: 'lunedi', meals: monday.days[0].meals }]);
  });

  it('duplicates the shown day to another weekday with new row ids, in week order, and shows it', () => {
    const state = reduce(initialDraft(monday), draftActions.dayDuplicated('giovedi'), draftActions.dayAdded('martedi'));
    expect(state.draft.days.map((d) => d.weekday)).toEqual(['lunedi', 'martedi', 'giovedi']);
    expect(shownDay(state).weekday).toBe('martedi');
    const thursday = state.draft.days[2].meals.pranzo;
    expect(thursday).toEqual([{ id: 'r5', item: 1, grams: 80, alternatives: [{ item: 2, grams: 10 }] }]);
    // the copy is its own: editing Thursday leaves Monday alone
    const edited = reduce(state, draftActions.daySelected(2), draftActions.rowGramsChanged({ meal: 'pranzo', rowId: 'r5', grams: 160 }));
    expect([edited.draft.days[0].meals.pranzo[0].grams, edited.draft.days[2].meals.pranzo[0].grams]).toEqual([80, 160]);
    // a weekday already in the plan is not added twice
    expect(reduce(state, draftActions.dayDuplicated('lunedi')).draft.days).toHaveLength(3);
  });

  it('takes a day out, never the last one', () => {
    const two = reduce(initialDraft(monday), draftActions.dayAdded('venerdi'));
    const one = reduce(two, draftActions.dayRemoved(1));
    expect(one.draft.days.map((d) => d.weekday)).toEqual(['lunedi']);
    expect(reduce(one, draftActions.dayRemoved(0)).draft.days).toHaveLength(1);
  });

  it('sends the plan, `meals` being its first day, and the values the doctor applied', () => {
    const state = reduce(
      initialDraft(monday),
      draftActions.mealRenamed({ meal: 'merenda', name: 'Spuntino del pomeriggio' }),
      draftActions.catalogueRowAdded({
        meal: 'colazione',
        item: 'ciqual-19024',
        grams: 125,
        values: { name: 'Yaourt', source: 'ciqual', version: '2025-11-03', group: 'Latte', baseWeight: 125, nutrients: { ENERC_KCAL: { value: 66 } } },
      }),
    );
    expect(isDirty(state)).toBe(true);
    const body = saveBody(state, 3);
    expect(body.meals).toBe(state.draft.days[0].meals);
    expect(body).toMatchObject({ revision: 3, mealNames: { merenda: 'Spuntino del pomeriggio' }, values: { 'ciqual-19024': { name: 'Yaourt' } } });
    expect('refreshValues' in body).toBe(false);
    const applied = reduce(state, draftActions.valuesApplied({ 'ciqual-19024': { ...state.draft.values['ciqual-19024'], version: '2026' } }));
    expect(saveBody(applied, 3).refreshValues).toEqual(['ciqual-19024']);
  });

  it('finds the first row without a food (or with an alternative without one), day by day and meal by meal', () => {
    expect(firstEmptyRow(initialDraft(monday).draft)).toBeNull();
    // Tuesday's dinner has an empty row; Monday's lunch gets an empty alternative: Monday's comes first
    const tuesday = reduce(initialDraft(monday), draftActions.dayAdded('martedi'), draftActions.rowAdded({ meal: 'cena' }));
    expect(firstEmptyRow(tuesday.draft)).toEqual({ day: 1, meal: 'cena', row: 1 });
    const both = reduce(tuesday, draftActions.daySelected(0), draftActions.alternativeAdded({ meal: 'pranzo', rowId: 'r4' }));
    expect(firstEmptyRow(both.draft)).toEqual({ day: 0, meal: 'pranzo', row: 1 });
  });
});
