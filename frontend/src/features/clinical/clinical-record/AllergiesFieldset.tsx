import { Form } from 'react-bootstrap';
import { ALLERGENS, allergiesFromText, uniqueAllergies, type AllergyEntry } from '@studio/contracts';
import { text } from './formValues';
import * as it from '../../../i18n/it';

const t = it.clinical;

/** the record's allergies as the form holds them: a box for each allergen checked, the other ones typed, comma separated */
export function allergiesOfForm(f: FormData): AllergyEntry[] {
  const checked = ALLERGENS.filter((a) => f.get(`allergen-${a.id}`) === 'on').map((a) => ({ allergen: a.id }));
  return uniqueAllergies([...checked, ...allergiesFromText(text(f, 'allergiesOther'))]);
}

/** the fourteen allergens of the EU list and lactose as boxes, anything else in words */
export function AllergiesFieldset({ allergies }: { allergies: readonly AllergyEntry[] }) {
  const has = new Set(allergies.flatMap((e) => ('allergen' in e ? [e.allergen] : [])));
  const other = allergies.flatMap((e) => ('text' in e ? [e.text] : [])).join(', ');
  return (
    <fieldset className="mb-2" aria-describedby="record-allergies-hint">
      <legend className="h6">{t.allergies}</legend>
      <div className="d-grid column-gap-3" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))' }}>
        {ALLERGENS.map((a) => (
          <Form.Check key={a.id} id={`record-allergen-${a.id}`} name={`allergen-${a.id}`} label={a.label} defaultChecked={has.has(a.id)} />
        ))}
      </div>
      <Form.Group className="mt-1" controlId="record-allergies">
        <Form.Label>{t.allergiesOther}</Form.Label>
        <Form.Control name="allergiesOther" defaultValue={other} />
      </Form.Group>
      <Form.Text id="record-allergies-hint">{t.allergiesHint}</Form.Text>
    </fieldset>
  );
}
