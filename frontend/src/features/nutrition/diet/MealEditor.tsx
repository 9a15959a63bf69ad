import {
  allergyConflicts,
  caloriesFor,
  categoryIdOf,
  FOOD_SOURCE_LABELS,
  isCategoryItem,
  keptGrams,
  type AllergyEntry,
  type CategoryAnswer,
  type DietItem,
  type DietRow,
  type Meal,
} from '@studio/contracts';
import { useState, type Dispatch } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { draftActions } from './draftSlice';
import { FoodSelect, optionData, useCatalogue, usePlanValues } from './FoodSelect';
import { AlternativeEquivalents, SwapSelect } from './Equivalents';

const t = it.diet;
type Action = ReturnType<(typeof draftActions)[keyof typeof draftActions]>;

/** kcal per 100 g and base weight of a value: a category's from the categories endpoint once it answered */
export function useNutrition(categoryAnswers: Map<number, CategoryAnswer>) {
  const catalogue = useCatalogue();
  const values = usePlanValues();
  return (item: DietItem) => {
    const data = optionData(catalogue, item, values);
    const answer = isCategoryItem(item) ? categoryAnswers.get(categoryIdOf(item)) : undefined;
    if (answer) return { name: data?.name ?? '', kcal100: answer.kcal, baseWeight: answer.base_weight };
    return data;
  };
}

interface MealEditorProps {
  meal: Meal;
  /** the meal's name in this plan */
  mealName?: string;
  rows: DietRow[];
  dispatch: Dispatch<Action>;
  categoryAnswers: Map<number, CategoryAnswer>;
  onCategoryChosen(categoryId: number): void;
  /** the patient's allergies and intolerances (clinical record): a row whose food contains one is flagged */
  allergies?: AllergyEntry[];
}

/** on the row itself: an icon and words naming the allergen (not colour alone), tied to the picker by aria-describedby */
export function RowAllergy({ id, food, found }: { id: string; food: string; found: string[] }) {
  if (found.length === 0) return null;
  return (
    <div id={id} className="diet-row-allergy small mt-1" role="note" aria-label={t.rowAllergyLabel(food, found.join(', '))}>
      <span aria-hidden="true" className="me-1">
        ⚠
      </span>
      <strong>{t.targets.rowAllergy(found.join(', '))}</strong>
    </div>
  );
}

/** one meal's rows: a food or a category, grams (rounded to the base weight on leaving the field), kcal, and its alternatives */
export function MealEditor({ meal, rows, dispatch, categoryAnswers, onCategoryChosen, allergies = [] }: MealEditorProps) {
  const nutrition = useNutrition(categoryAnswers);
  const values = usePlanValues();
  const catalogue = useCatalogue();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const choose = (item: number, option: { baseWeight: number }, apply: (item: number, baseWeight: number) => void) => {
    apply(item, option.baseWeight);
    if (isCategoryItem(item)) onCategoryChosen(categoryIdOf(item));
  };
  const kcalOf = (item: DietItem, grams: number) => {
    const n = nutrition(item);
    return n ? caloriesFor(n.kcal100, grams) : '';
  };
  // a catalogue food by its tags and composition (the values kept with the plan), the practice's by its declared tags
  // (or, without them, its name and category)
  const allergyOf = (item: DietItem) => {
    const name = item ? nutrition(item)?.name : undefined;
    const own = typeof item === 'number' ? catalogue.foods.find((f) => f.id === item) : undefined;
    const kept = typeof item === 'string' ? values[item] : undefined;
    const food = kept ?? (own ? { name: own.name, group: own.categoryName, allergens: own.allergens } : name ? { name } : null);
    return { name: name ?? '', found: food ? allergyConflicts(food, allergies) : [] };
  };
  // a catalogue food keeps the grams typed (its base weight is only a hint); the practice's round to the base weight
  const roundOnLeave = (item: DietItem, grams: number, apply: (grams: number) => void) => {
    const n = nutrition(item);
    if (n) apply(keptGrams(item, grams, n.baseWeight));
  };
  /** a catalogue food is picked with the catalogue search, shown by name and source; the practice's in their select */
  const picker = (
    item: DietItem,
    label: string,
    name: string,
    describedBy: string | undefined,
    onChange: (item: number, option: { baseWeight: number }) => void,
  ) =>
    typeof item === 'string' ? (
      <div className="catalogue-item small">
        <input type="hidden" name={name} value={item} />
        <span className="fw-semibold">{values[item]?.name ?? item}</span>{' '}
        <span className="badge text-bg-light" aria-describedby={describedBy}>
          {values[item] ? FOOD_SOURCE_LABELS[values[item].source] : ''}
        </span>
        <span className="visually-hidden"> ({label})</span>
      </div>
    ) : (
      <FoodSelect label={label} name={name} value={item} describedBy={describedBy} onChange={onChange} />
    );

  return (
    <div className="meal-editor" data-meal={meal}>
      {rows.length === 0 && <p className="text-body-secondary small mb-2">{t.noRows}</p>}
      {rows.length > 0 && (
        <Table size="sm" responsive className="align-middle mb-2 diet-rows">
          <thead>
            <tr>
              <th>{t.food}</th>
              <th className="diet-grams">{t.grams}</th>
              <th className="text-end">{t.kcal}</th>
              <th>
                <span className="visually-hidden">{t.rowActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const ref = { meal, rowId: row.id };
              const base = nutrition(row.item)?.baseWeight;
              const showAlternatives = open[row.id] || row.alternatives.length > 0;
              return [
                <tr key={row.id} className={`diet-row${allergyOf(row.item).found.length ? ' has-allergy' : ''}`} data-row-id={row.id}>
                  <td>
                    {picker(
                      row.item,
                      `${t.food} ${index + 1}`,
                      `meals[${meal}][${index}][item]`,
                      allergyOf(row.item).found.length ? `allergy-${row.id}` : undefined,
                      (item, option) => choose(item, option, (i, baseWeight) => dispatch(draftActions.rowItemChosen({ ...ref, item: i, baseWeight }))),
                    )}
                    <SwapSelect row={row} onSwap={(item, grams) => dispatch(draftActions.rowItemChosen({ ...ref, item, baseWeight: 0, grams }))} />
                    <RowAllergy id={`allergy-${row.id}`} food={allergyOf(row.item).name} found={allergyOf(row.item).found} />
                  </td>
                  <td className="diet-grams">
                    <Form.Control
                      size="sm"
                      type="number"
                      min={0}
                      step={typeof row.item === 'string' ? 1 : (base ?? 1)}
                      aria-label={`${t.grams} ${index + 1}`}
                      name={`meals[${meal}][${index}][grams]`}
                      value={Number.isFinite(row.grams) ? row.grams : ''}
                      title={base ? t.gramsHint(base) : undefined}
                      onChange={(e) => dispatch(draftActions.rowGramsChanged({ ...ref, grams: e.target.value === '' ? 0 : Number(e.target.value) }))}
                      onBlur={() => roundOnLeave(row.item, row.grams, (grams) => dispatch(draftActions.rowGramsChanged({ ...ref, grams })))}
                    />
                  </td>
                  <td className="text-end diet-kcal">{kcalOf(row.item, row.grams)}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      aria-expanded={showAlternatives}
                      onClick={() => setOpen((o) => ({ ...o, [row.id]: !o[row.id] }))}
                    >
                      {t.alternatives}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`${t.removeRow} ${index + 1}`}
                      onClick={() => dispatch(draftActions.rowRemoved(ref))}
                    >
                      ✕
                    </Button>
                  </td>
                </tr>,
                showAlternatives && (
                  <tr key={`${row.id}-alt`} className="diet-alternatives-row">
                    <td colSpan={4} className="ps-4">
                      <Table size="sm" className="mb-1 alternatives-table" aria-label={t.alternativesOf(nutrition(row.item)?.name ?? `${index + 1}`)}>
                        <tbody>
                          {row.alternatives.map((alt, a) => (
                            <tr key={a}>
                              <td>
                                {picker(
                                  alt.item,
                                  `${t.alternatives} ${index + 1}.${a + 1}`,
                                  `meals[${meal}][${index}][alternatives][${a}][item]`,
                                  allergyOf(alt.item).found.length ? `allergy-${row.id}-${a}` : undefined,
                                  (item, option) =>
                                    choose(item, option, (i, baseWeight) =>
                                      dispatch(draftActions.alternativeChanged({ ...ref, index: a, item: i, baseWeight })),
                                    ),
                                )}
                                <AlternativeEquivalents
                                  row={row}
                                  alternative={alt}
                                  onGrams={(grams) => dispatch(draftActions.alternativeChanged({ ...ref, index: a, grams }))}
                                />
                                <RowAllergy id={`allergy-${row.id}-${a}`} food={allergyOf(alt.item).name} found={allergyOf(alt.item).found} />
                              </td>
                              <td className="diet-grams">
                                <Form.Control
                                  size="sm"
                                  type="number"
                                  min={0}
                                  aria-label={`${t.grams} ${index + 1}.${a + 1}`}
                                  value={alt.grams}
                                  onChange={(e) =>
                                    dispatch(draftActions.alternativeChanged({ ...ref, index: a, grams: e.target.value === '' ? 0 : Number(e.target.value) }))
                                  }
                                  onBlur={() =>
                                    roundOnLeave(alt.item, alt.grams, (grams) => dispatch(draftActions.alternativeChanged({ ...ref, index: a, grams })))
                                  }
                                />
                              </td>
                              <td className="text-end diet-kcal">{kcalOf(alt.item, alt.grams)}</td>
                              <td className="text-end">
                                <Button
                                  size="sm"
                                  variant="outline-danger"
                                  aria-label={t.removeAlternative}
                                  onClick={() => dispatch(draftActions.alternativeRemoved({ ...ref, index: a }))}
                                >
                                  ✕
                                </Button>
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </Table>
                      <Button size="sm" variant="link" className="p-0" onClick={() => dispatch(draftActions.alternativeAdded(ref))}>
                        {t.addAlternative}
                      </Button>
                    </td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </Table>
      )}
      <Button size="sm" variant="outline-primary" onClick={() => dispatch(draftActions.rowAdded({ meal }))}>
        {t.addRow}
      </Button>
    </div>
  );
}
