import { useState } from 'react';
import type { CatalogueFoodId } from '@studio/contracts';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useLazySearchDiaryFoodsQuery } from './diaryApi';

const t = it.diary;

export interface PickedFood {
  id: CatalogueFoodId;
  name: string;
  grams: number;
}

/** foods of the catalogue for an entry: search by name, add, say the grams */
export function DiaryFoodPicker({ picked, onChange }: { picked: PickedFood[]; onChange: (foods: PickedFood[]) => void }) {
  const [q, setQ] = useState('');
  const [search, result] = useLazySearchDiaryFoodsQuery();
  const run = () => q.trim().length >= 2 && void search(q.trim());
  return (
    <fieldset className="mt-2">
      <legend className="form-label fs-6 mb-1">{t.foodSearch}</legend>
      <InputGroup>
        <Form.Control
          aria-label={t.foodSearch}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches, it does not send the whole entry
            if (e.key === 'Enter') {
              e.preventDefault();
              run();
            }
          }}
        />
        <Button variant="outline-primary" onClick={run}>
          {t.search}
        </Button>
      </InputGroup>
      {result.isError && <p className="text-danger small mt-1">{errorMessage(result.error)}</p>}
      {result.data && (
        <div aria-live="polite" className="d-flex flex-wrap gap-1 mt-1">
          {result.data.items.length === 0 && <span className="small">{t.noFoods}</span>}
          {result.data.items.map((food) => (
            <Button
              key={food.id}
              size="sm"
              variant="outline-secondary"
              onClick={() => !picked.some((p) => p.id === food.id) && onChange([...picked, { id: food.id, name: food.name, grams: 100 }])}
            >
              {t.add(food.name)}
            </Button>
          ))}
        </div>
      )}
      {picked.length > 0 && (
        <ul className="list-unstyled mt-2 mb-0">
          {picked.map((food) => (
            <li key={food.id} className="d-flex align-items-center gap-2 mb-1">
              <span className="me-auto">{food.name}</span>
              <Form.Control
                id={`diary-grams-${food.id}`}
                type="number"
                inputMode="decimal"
                min={1}
                max={5000}
                style={{ width: 90 }}
                aria-label={t.grams(food.name)}
                value={food.grams}
                onChange={(e) => onChange(picked.map((p) => (p.id === food.id ? { ...p, grams: Number(e.target.value) } : p)))}
              />
              <span aria-hidden="true">g</span>
              <Button size="sm" variant="outline-danger" aria-label={t.remove(food.name)} onClick={() => onChange(picked.filter((p) => p.id !== food.id))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
