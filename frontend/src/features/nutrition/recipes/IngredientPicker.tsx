import { FOOD_SOURCE_LABELS } from '@studio/contracts';
import { useEffect, useId, useState } from 'react';
import { Button, Form, ListGroup } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { useSearchFoodsQuery, type FoundFood } from './recipesApi';

const t = it.recipes;
const MIN_QUERY = 2;

/** the text typed, once it has stopped changing for a moment (one search per pause, not per key) */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** a search field over the catalogue (GET /api/foods?q=) and its results, each a button that adds the food */
export function IngredientPicker({ onAdd }: { onAdd(food: FoundFood): void }) {
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const search = useSearchFoodsQuery(q, { skip: q.length < MIN_QUERY });
  const statusId = useId();
  const results = q.length >= MIN_QUERY ? search.data : undefined;
  return (
    <div className="ingredient-picker">
      <Form.Group controlId="recipe-food-search">
        <Form.Label>{t.foodSearch}</Form.Label>
        <Form.Control
          type="search"
          value={text}
          placeholder={t.foodSearchPlaceholder}
          aria-describedby={statusId}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
      </Form.Group>
      <p id={statusId} className="small text-body-secondary mb-1" role="status" aria-live="polite">
        {q.length < MIN_QUERY
          ? ''
          : search.isFetching
            ? t.foodSearching
            : search.isError
              ? errorMessage(search.error, t.foodSearchError)
              : results
                ? t.foodResults(results.length)
                : ''}
      </p>
      {results && results.length > 0 && (
        <ListGroup as="ul" className="ingredient-results mb-2">
          {results.map((food) => (
            <ListGroup.Item as="li" key={food.id} className="d-flex align-items-center gap-2">
              <span className="me-auto">
                {food.name}
                <span className="d-block small text-body-secondary">
                  {FOOD_SOURCE_LABELS[food.source]}
                  {food.group ? ` · ${food.group}` : ''}
                </span>
              </span>
              <Button size="sm" variant="outline-primary" aria-label={t.add(food.name, FOOD_SOURCE_LABELS[food.source])} onClick={() => onAdd(food)}>
                {t.addShort}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
