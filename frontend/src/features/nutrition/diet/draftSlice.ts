import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  EMPTY_DIET,
  MEALS,
  WEEKDAYS,
  upcastDietContent,
  type DietContent,
  type DietItem,
  type FoodValues,
  type FoodValuesById,
  type Meal,
  type NotesDoc,
  type PortionTable,
  type Weekday,
} from '@studio/contracts';

/** the editor's form: UI state of one page, kept by useReducer; server data stays in RTK Query */
export interface DraftState {
  draft: DietContent;
  /** the content as last loaded or saved: the form is dirty when it differs */
  saved: DietContent;
  nextRowId: number;
  /** how many times the server's content replaced the form: fields that keep their own state (the notes editor) start again */
  loads: number;
  /** the plan day shown (index in draft.days) */
  day: number;
  /** the catalogue foods whose updated values the doctor applied: the next save keeps them */
  refreshValues: string[];
}

export const initialDraft = (content: DietContent = EMPTY_DIET): DraftState => {
  const plan = upcastDietContent(content);
  return { draft: plan, saved: plan, nextRowId: highestRowId(plan) + 1, loads: 0, day: 0, refreshValues: [] };
};

function highestRowId(content: DietContent): number {
  let max = 0;
  for (const day of content.days)
    for (const rows of Object.values(day.meals)) for (const r of rows) max = Math.max(max, Number(/^r(\d+)$/.exec(r.id)?.[1] ?? 0));
  return max;
}

type RowRef = { meal: Meal; rowId: string };
const emptyMeals = () => Object.fromEntries(MEALS.map((m) => [m, []])) as unknown as DietContent['meals'];
const mealsOf = (state: DraftState) => state.draft.days[state.day]?.meals ?? state.draft.days[0].meals;
const rowOf = (state: DraftState, ref: RowRef) => mealsOf(state)[ref.meal].find((r) => r.id === ref.rowId);
const keepValues = (state: DraftState, item: DietItem, values: FoodValues | undefined) => {
  if (typeof item === 'string' && values) state.draft.values[item] = values;
};
const sortDays = (state: DraftState, select: Weekday) => {
  state.draft.days.sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday));
  state.day = state.draft.days.findIndex((d) => d.weekday === select);
};

export const draftSlice = createSlice({
  name: 'dietDraft',
  initialState: initialDraft(),
  reducers: {
    /** loaded, reloaded or saved: the server's content replaces the form */
    dietLoaded: (state, action: PayloadAction<DietContent>) => ({ ...initialDraft(action.payload), loads: state.loads + 1 }),
    /** a template or an earlier plan fills the form: unsaved until the doctor saves */
    planLoaded(state, action: PayloadAction<DietContent>) {
      const plan = upcastDietContent(action.payload);
      state.draft = plan;
      state.nextRowId = Math.max(state.nextRowId, highestRowId(plan) + 1);
      state.loads += 1;
      state.day = 0;
      state.refreshValues = [];
    },
    daySelected(state, action: PayloadAction<number>) {
      if (action.payload >= 0 && action.payload < state.draft.days.length) state.day = action.payload;
    },
    dayAdded(state, action: PayloadAction<Weekday>) {
      if (state.draft.days.some((d) => d.weekday === action.payload)) return;
      state.draft.days.push({ weekday: action.payload, meals: emptyMeals() });
      sortDays(state, action.payload);
    },
    /** the shown day's meals copied to another weekday (new row ids) */
    dayDuplicated(state, action: PayloadAction<Weekday>) {
      if (state.draft.days.some((d) => d.weekday === action.payload)) return;
      const source = mealsOf(state);
      const meals = emptyMeals();
      for (const meal of MEALS)
        meals[meal] = source[meal].map((r) => ({ ...r, id: `r${state.nextRowId++}`, alternatives: r.alternatives.map((a) => ({ ...a })) }));
      state.draft.days.push({ weekday: action.payload, meals });
      sortDays(state, action.payload);
    },
    dayRemoved(state, action: PayloadAction<number>) {
      if (state.draft.days.length <= 1) return;
      state.draft.days.splice(action.payload, 1);
      state.day = Math.min(state.day, state.draft.days.length - 1);
    },
    mealRenamed(state, action: PayloadAction<{ meal: Meal; name: string }>) {
      state.draft.mealNames[action.payload.meal] = action.payload.name;
    },
    /** "Valori aggiornati disponibili": the catalogue's values now, for the foods the doctor brings up to date */
    valuesApplied(state, action: PayloadAction<FoodValuesById>) {
      for (const [id, values] of Object.entries(action.payload)) {
        state.draft.values[id] = values;
        if (!state.refreshValues.includes(id)) state.refreshValues.push(id);
      }
    },
    rowAdded(state, action: PayloadAction<{ meal: Meal }>) {
      mealsOf(state)[action.payload.meal].push({ id: `r${state.nextRowId++}`, item: 0, grams: 0, alternatives: [] });
    },
    /** a catalogue food picked for a meal: a new row at its portion hint, its values kept for the calculations */
    catalogueRowAdded(state, action: PayloadAction<{ meal: Meal; item: string; grams: number; values: FoodValues }>) {
      mealsOf(state)[action.payload.meal].push({ id: `r${state.nextRowId++}`, item: action.payload.item, grams: action.payload.grams, alternatives: [] });
      keepValues(state, action.payload.item, action.payload.values);
    },
    rowRemoved(state, action: PayloadAction<RowRef>) {
      const meals = mealsOf(state);
      meals[action.payload.meal] = meals[action.payload.meal].filter((r) => r.id !== action.payload.rowId);
    },
    /** a food or category chosen: the grams start at one base weight when still empty */
    rowItemChosen(state, action: PayloadAction<RowRef & { item: DietItem; baseWeight: number; grams?: number; values?: FoodValues }>) {
      const row = rowOf(state, action.payload);
      if (!row) return;
      row.item = action.payload.item;
      keepValues(state, action.payload.item, action.payload.values);
      if (action.payload.grams !== undefined) row.grams = action.payload.grams;
      else if (!row.grams) row.grams = action.payload.baseWeight;
    },
    rowGramsChanged(state, action: PayloadAction<RowRef & { grams: number }>) {
      const row = rowOf(state, action.payload);
      if (row) row.grams = action.payload.grams;
    },
    alternativeAdded(state, action: PayloadAction<RowRef>) {
      rowOf(state, action.payload)?.alternatives.push({ item: 0, grams: 0 });
    },
    alternativeRemoved(state, action: PayloadAction<RowRef & { index: number }>) {
      rowOf(state, action.payload)?.alternatives.splice(action.payload.index, 1);
    },
    alternativeChanged(state, action: PayloadAction<RowRef & { index: number; item?: DietItem; grams?: number; baseWeight?: number; values?: FoodValues }>) {
      const alt = rowOf(state, action.payload)?.alternatives[action.payload.index];
      if (!alt) return;
      if (action.payload.item !== undefined) {
        alt.item = action.payload.item;
        keepValues(state, action.payload.item, action.payload.values);
        if (!alt.grams && action.payload.baseWeight) alt.grams = action.payload.baseWeight;
      }
      if (action.payload.grams !== undefined) alt.grams = action.payload.grams;
    },
    portionAdded(state, action: PayloadAction<{ table: PortionTable }>) {
      state.draft.portions[action.payload.table].push({ categoryId: 0, times: 0 });
    },
    portionRemoved(state, action: PayloadAction<{ table: PortionTable; index: number }>) {
      state.draft.portions[action.payload.table].splice(action.payload.index, 1);
    },
    portionChanged(state, action: PayloadAction<{ table: PortionTable; index: number; categoryId?: number; times?: number }>) {
      const p = state.draft.portions[action.payload.table][action.payload.index];
      if (!p) return;
      if (action.payload.categoryId !== undefined) p.categoryId = action.payload.categoryId;
      if (action.payload.times !== undefined) p.times = action.payload.times;
    },
    notesChanged(state, action: PayloadAction<NotesDoc | null>) {
      state.draft.notes = action.payload;
    },
  },
});

export const draftActions = draftSlice.actions;
export const isDirty = (s: DraftState) => s.refreshValues.length > 0 || JSON.stringify(s.draft) !== JSON.stringify(s.saved);
/** the day shown */
export const shownDay = (s: DraftState) => s.draft.days[s.day] ?? s.draft.days[0];
/** what a save sends: the plan, `meals` being its first day's (the one-day readers' field) */
export function saveBody(s: DraftState, revision: number | null) {
  return { ...s.draft, meals: s.draft.days[0].meals, revision, ...(s.refreshValues.length ? { refreshValues: s.refreshValues } : {}) };
}

/** a row (or one of its alternatives) still without a food: the server refuses the plan, so the editor stops before it */
export interface EmptyRow {
  day: number;
  meal: Meal;
  /** the row's position in its meal, from 1 */
  row: number;
}

/** the first row of the plan, day by day and meal by meal, whose food (or an alternative's) is not chosen yet */
export function firstEmptyRow(draft: DietContent): EmptyRow | null {
  for (const [day, { meals }] of draft.days.entries())
    for (const meal of MEALS) {
      const index = meals[meal].findIndex((r) => !r.item || r.alternatives.some((a) => !a.item));
      if (index >= 0) return { day, meal, row: index + 1 };
    }
  return null;
}
