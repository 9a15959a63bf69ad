import type { FoodView } from '@studio/contracts';
import { useState, type FormEvent } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import * as it from '../../../i18n/it';

const t = it.foods;
type Name = 'kcal100' | 'baseWeight' | 'protein' | 'carbohydrate' | 'fat';
const FIELDS: readonly [Name, string, number, number][] = [
  ['kcal100', t.kcal100, 0, 900],
  ['baseWeight', t.baseWeight, 1, 1000],
  ['protein', t.protein, 0, 100],
  ['carbohydrate', t.carbohydrate, 0, 100],
  ['fat', t.fat, 0, 100],
];
const MACROS: readonly Name[] = ['protein', 'carbohydrate', 'fat'];

/**
 * A number as an Italian types it, whatever the browser's language: "3,3" and "3.3" are 3.3 (a type="number" field of a
 * browser not set to Italian read "3,3" as 33); null when it is not a plain decimal number.
 */
export function decimalOf(text: string): number | null {
  const value = text.trim();
  return /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : null;
}

/**
 * The food's values per 100 g, checked as the server checks them (FoodRequest): each within its range and protein,
 * carbohydrate and fat together at most 100 g, so no field is shown valid that the server then refuses.
 */
export function FoodValuesFields({ food }: { food: FoodView | null | undefined }) {
  const [problems, setProblems] = useState<Partial<Record<Name, string>>>({});
  const check = (event: FormEvent<HTMLElement>) => {
    const form = (event.target as HTMLInputElement).form;
    if (!form) return;
    const input = (name: Name) => form.elements.namedItem(name) as HTMLInputElement;
    const found: Partial<Record<Name, string>> = {};
    for (const [name, , min, max] of FIELDS) {
      const value = decimalOf(input(name).value);
      if (input(name).value.trim() === '') found[name] = t.valueMissing;
      else if (value === null) found[name] = t.valueNotNumber;
      else if (value < min || value > max) found[name] = t.valueOutOfRange(min, max);
      else if (name === 'baseWeight' && !Number.isInteger(value)) found[name] = t.valueWhole;
    }
    const sum = MACROS.reduce((s, name) => s + (decimalOf(input(name).value) ?? 0), 0);
    if (sum > 100) for (const name of MACROS) found[name] ??= t.macrosOver100;
    for (const [name] of FIELDS) input(name).setCustomValidity(found[name] ?? '');
    setProblems(found);
  };
  return (
    <Row xs={2} md={3} className="g-2" onInput={check}>
      {FIELDS.map(([name, label]) => (
        <Col key={name}>
          <Form.Group controlId={`food-${name}`}>
            <Form.Label className="small">{label}</Form.Label>
            <Form.Control
              name={name}
              inputMode="decimal"
              required
              pattern="[0-9]+([.,][0-9]+)?"
              defaultValue={food ? String(food[name]).replace('.', ',') : undefined}
              aria-describedby={`food-${name}-error`}
            />
            <Form.Control.Feedback type="invalid" id={`food-${name}-error`}>
              {problems[name] ?? t.valueMissing}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
      ))}
    </Row>
  );
}
