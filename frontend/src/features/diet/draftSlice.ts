import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { EMPTY_DIET, type DietContent, type Meal, type NotesDoc, type PortionTable } from '@studio/contracts';

/** the editor's form: UI state of one page, kept by useReducer; server data stays in RTK Query */
export interface DraftState {
  draft: DietContent;
  /** the content as last loaded or saved: the form is dirty when it differs */
  saved: DietContent;
  nextRowId: number;
  /** how many times the server's content replaced the form: fields that keep their own state (the notes editor) start again */
  loads: number;
}

export const initialDraft = (content: DietContent = EMPTY_DIET): DraftState => ({
  draft: content,
  saved: content,
  nextRowId: highestRowId(content) + 1,
  loads: 0,
});

function highestRowId(content: DietContent): number {
  let max = 0;
  for (const rows of Object.values(content.meals)) for (const r of rows) max = Math.max(max, Number(/^r(\d+)$/.exec(r.id)?.[1] ?? 0));
  return max;
}

type RowRef = { meal: Meal; rowId: string };

export const draftSlice = createSlice({
  name: 'dietDraft',
  initialState: initialDraft(),
  reducers: {
    /** loaded, reloaded or saved: the server's content replaces the form */
    dietLoaded: (state, action: PayloadAction<DietContent>) => ({ ...initialDraft(action.payload), loads: state.loads + 1 }),
    rowAdded(state, action: PayloadAction<{ meal: Meal }>) {
      state.draft.meals[action.payload.meal].push({ id: `r${state.nextRowId++}`, item: 0, grams: 0, alternatives: [] });
    },
    rowRemoved(state, action: PayloadAction<RowRef>) {
      const { meal, rowId } = action.payload;
      state.draft.meals[meal] = state.draft.meals[meal].filter((r) => r.id !== rowId);
    },
    /** a food or category chosen: the grams start at one base weight when still empty */
    rowItemChosen(state, action: PayloadAction<RowRef & { item: number; baseWeight: number }>) {
      const row = state.draft.meals[action.payload.meal].find((r) => r.id === action.payload.rowId);
      if (!row) return;
      row.item = action.payload.item;
      if (!row.grams) row.grams = action.payload.baseWeight;
    },
    rowGramsChanged(state, action: PayloadAction<RowRef & { grams: number }>) {
      const row = state.draft.meals[action.payload.meal].find((r) => r.id === action.payload.rowId);
      if (row) row.grams = action.payload.grams;
    },
    alternativeAdded(state, action: PayloadAction<RowRef>) {
      state.draft.meals[action.payload.meal].find((r) => r.id === action.payload.rowId)?.alternatives.push({ item: 0, grams: 0 });
    },
    alternativeRemoved(state, action: PayloadAction<RowRef & { index: number }>) {
      state.draft.meals[action.payload.meal].find((r) => r.id === action.payload.rowId)?.alternatives.splice(action.payload.index, 1);
    },
    alternativeChanged(state, action: PayloadAction<RowRef & { index: number; item?: number; grams?: number; baseWeight?: number }>) {
      const alt = state.draft.meals[action.payload.meal].find((r) => r.id === action.payload.rowId)?.alternatives[action.payload.index];
      if (!alt) return;
      if (action.payload.item !== undefined) {
        alt.item = action.payload.item;
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
export const isDirty = (s: DraftState) => JSON.stringify(s.draft) !== JSON.stringify(s.saved);
