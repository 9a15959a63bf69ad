import { Form } from 'react-bootstrap';
import { ALLERGENS, type AllergenId } from '@studio/contracts';
import * as it from '../../../i18n/it';

const t = it.foods;

/** the allergens boxed in the food form; none checked: not declared, the diet editor reads them from the name */
export function allergensOfForm(form: HTMLFormElement): AllergenId[] | undefined {
  const checked = ALLERGENS.filter((a) => (form.elements.namedItem(`allergen-${a.id}`) as HTMLInputElement | null)?.checked).map((a) => a.id);
  return checked.length ? checked : undefined;
}

/** the fourteen allergens of Reg. (EU) 1169/2011 and lactose, as boxes */
export function FoodAllergensFieldset({ allergens }: { allergens?: readonly AllergenId[] }) {
  return (
    <fieldset className="mt-2" aria-describedby="food-allergens-hint">
      <legend className="h6">{t.allergens}</legend>
      <div className="d-grid column-gap-3" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))' }}>
        {ALLERGENS.map((a) => (
          <Form.Check key={a.id} id={`food-allergen-${a.id}`} name={`allergen-${a.id}`} label={a.label} defaultChecked={allergens?.includes(a.id) ?? false} />
        ))}
      </div>
      <Form.Text id="food-allergens-hint">{t.allergensHint}</Form.Text>
    </fieldset>
  );
}
