import { categoryItem, type FoodCategoryView, type FoodView } from '@studio/contracts';
import { createContext, useContext, useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { it } from '../../i18n/it';

const t = it.diet;

export interface CatalogueOptions {
  foods: FoodView[];
  categories: FoodCategoryView[];
}

/** the catalogue reaches every select through context, not through every row's props */
export const CatalogueContext = createContext<CatalogueOptions>({ foods: [], categories: [] });
export const useCatalogue = () => useContext(CatalogueContext);

/** name, kcal per 100 g and base weight of a select value, as its option's data attributes say */
export function optionData(catalogue: CatalogueOptions, item: number): { kcal100: number; baseWeight: number; name: string } | null {
  const category = catalogue.categories.find((c) => categoryItem(c.id) === item);
  if (category) return { kcal100: category.kcal100, baseWeight: category.baseWeight, name: category.name };
  const food = catalogue.foods.find((f) => f.id === item);
  return food ? { kcal100: food.kcal100, baseWeight: food.baseWeight, name: food.name } : null;
}

/**
 * A food select (SPEC "Food option"): each option carries data-kcal-100 and data-base-weight; a
 * value above 100000 is the category with id value − 100000.
 */
export function FoodSelect({
  value,
  onChange,
  label,
  name,
}: {
  value: number;
  onChange(item: number, option: HTMLOptionElement): void;
  label: string;
  name: string;
}) {
  const { foods, categories } = useCatalogue();
  const groups = useMemo(() => {
    const byCategory = new Map<string, FoodView[]>();
    for (const f of foods) byCategory.set(f.categoryName, [...(byCategory.get(f.categoryName) ?? []), f]);
    return [...byCategory.entries()];
  }, [foods]);
  return (
    <Form.Select
      size="sm"
      aria-label={label}
      name={name}
      className="food-select"
      value={value || ''}
      onChange={(e) => onChange(Number(e.target.value), e.target.selectedOptions[0])}
    >
      <option value="">{t.chooseFood}</option>
      <optgroup label={t.categoriesGroup}>
        {categories.map((c) => (
          <option key={`c${c.id}`} value={categoryItem(c.id)} data-kcal-100={c.kcal100} data-base-weight={c.baseWeight}>
            {c.name}
          </option>
        ))}
      </optgroup>
      {groups.map(([group, list]) => (
        <optgroup key={group} label={group}>
          {list.map((f) => (
            <option key={f.id} value={f.id} data-kcal-100={f.kcal100} data-base-weight={f.baseWeight}>
              {f.name}
            </option>
          ))}
        </optgroup>
      ))}
    </Form.Select>
  );
}
