import { catalogueItemOf, categoryItem, type DietItem, type FoodCategoryView, type FoodValuesById, type FoodView } from '@studio/contracts';
import { createContext, useContext, useMemo } from 'react';
import { Combobox, type ComboboxOption } from '../../../components/ui/Combobox';
import * as it from '../../../i18n/it';

const t = it.diet;

export interface CatalogueOptions {
  foods: FoodView[];
  categories: FoodCategoryView[];
}

/** the catalogue reaches every select through context, not through every row's props */
export const CatalogueContext = createContext<CatalogueOptions>({ foods: [], categories: [] });
export const useCatalogue = () => useContext(CatalogueContext);
/** the values of the plan's catalogue foods (kept with the plan, or picked in this session) */
export const PlanValuesContext = createContext<FoodValuesById>({});
export const usePlanValues = () => useContext(PlanValuesContext);

/** energy and protein per 100 g of an item, for the equivalents (null: not known; a category has no protein of its own) */
export function equivalenceValues(
  catalogue: CatalogueOptions,
  values: FoodValuesById,
  item: DietItem,
): { kcal100: number | null; protein100: number | null } | null {
  if (typeof item === 'string') {
    const kept = values[item];
    if (!kept) return null;
    const c = catalogueItemOf(kept);
    return { kcal100: kept.nutrients.ENERC_KCAL ? c.kcal100 : null, protein100: c.protein };
  }
  const food = catalogue.foods.find((f) => f.id === item);
  if (food) return { kcal100: food.kcal100, protein100: food.protein };
  const category = catalogue.categories.find((c) => categoryItem(c.id) === item);
  return category ? { kcal100: category.kcal100, protein100: null } : null;
}

/** name, kcal per 100 g and base weight of a select value, as its option's data attributes say (a catalogue food: its kept values) */
export function optionData(
  catalogue: CatalogueOptions,
  item: DietItem,
  values: FoodValuesById = {},
): { kcal100: number; baseWeight: number; name: string } | null {
  if (typeof item === 'string') {
    const kept = values[item];
    return kept ? { ...catalogueItemOf(kept), name: kept.name } : null;
  }
  const category = catalogue.categories.find((c) => categoryItem(c.id) === item);
  if (category) return { kcal100: category.kcal100, baseWeight: category.baseWeight, name: category.name };
  const food = catalogue.foods.find((f) => f.id === item);
  return food ? { kcal100: food.kcal100, baseWeight: food.baseWeight, name: food.name } : null;
}

export interface FoodOption extends ComboboxOption {
  value: number;
  baseWeight: number;
}

/**
 * The food picker (the food option as specified): a searchable combobox whose options carry data-value, data-kcal-100 and
 * data-base-weight; a value above 100000 is the category with id value − 100000. Categories first, then the foods,
 * each with its category as a hint (searched too). The chosen value travels in a hidden input named `name`.
 */
export function FoodSelect({
  value,
  onChange,
  label,
  name,
  describedBy,
}: {
  describedBy?: string;
  value: number;
  onChange(item: number, option: { baseWeight: number; label: string }): void;
  label: string;
  name: string;
}) {
  const { foods, categories } = useCatalogue();
  const options = useMemo<FoodOption[]>(
    () => [
      ...categories.map((c) => ({
        value: categoryItem(c.id),
        label: c.name,
        hint: t.categoryHint,
        baseWeight: c.baseWeight,
        data: { 'kcal-100': c.kcal100, 'base-weight': c.baseWeight },
      })),
      ...foods.map((f) => ({
        value: f.id,
        label: f.name,
        hint: f.categoryName,
        baseWeight: f.baseWeight,
        data: { 'kcal-100': f.kcal100, 'base-weight': f.baseWeight },
      })),
    ],
    [foods, categories],
  );
  return (
    <Combobox<FoodOption>
      size="sm"
      className="food-select"
      label={label}
      name={name}
      options={options}
      value={value || null}
      placeholder={t.searchFood}
      emptyText={t.noFoodFound}
      describedBy={describedBy}
      onChange={(item, option) => onChange(item, option)}
    />
  );
}
