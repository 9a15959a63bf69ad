import { FOOD_SOURCE_LABELS, type CatalogueFood } from '@studio/contracts';
import { useEffect, useId, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { formatNumber } from '../../../lib/format';
import { useLazySearchCatalogueFoodsQuery } from './planApi';

const t = it.dietPlan;
/** the wait after the last key before searching: a search per word, not per letter */
export const SEARCH_DEBOUNCE_MS = 300;
const MIN_QUERY = 2;

/**
 * The catalogue's search (GET /api/foods?q=) as the doctor types, debounced: loading and empty states, each result with its
 * source (CIQUAL, the Swiss table, the practice's foods, a recipe) and its energy per 100 g. Picking one hands the food over.
 */
export function CatalogueFoodPicker({ label, onPick }: { label: string; onPick(food: CatalogueFood): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [search, result] = useLazySearchCatalogueFoodsQuery();

  useEffect(() => {
    const q = text.trim();
    const timer = setTimeout(() => setQuery(q.length >= MIN_QUERY ? q : ''), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (query) void search(query, true);
  }, [query, search]);

  // the answer of an earlier query still on screen while the next one loads is not this query's
  const current = query !== '' && result.originalArgs === query;
  // typed but not searched yet (the pause has not come): already "searching", not the previous answer
  const pending = text.trim().length >= MIN_QUERY && text.trim() !== query;
  const items = current && Array.isArray(result.data?.items) ? result.data.items : [];
  const status = pending
    ? t.catalogueLoading
    : !query
      ? t.catalogueSearchHint
      : result.isFetching || !current
        ? t.catalogueLoading
        : result.isError
          ? t.catalogueError
          : items.length === 0
            ? t.catalogueEmpty(query)
            : t.catalogueResults(items.length);

  return (
    <div className="catalogue-picker mt-2">
      <Form.Label htmlFor={`${id}-q`} className="small mb-1">
        {label}
      </Form.Label>
      <Form.Control
        id={`${id}-q`}
        size="sm"
        type="search"
        autoComplete="off"
        value={text}
        placeholder={t.catalogueSearch}
        aria-describedby={`${id}-status`}
        onChange={(e) => setText(e.target.value)}
      />
      <div id={`${id}-status`} className="small text-body-secondary mt-1" role="status" aria-live="polite">
        {(pending || (query && (result.isFetching || !current))) && <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />}
        {status}
      </div>
      {items.length > 0 && !result.isFetching && !pending && (
        <ul className="list-unstyled mb-0 catalogue-results">
          {items.map((food) => (
            <li key={food.id}>
              <Button
                variant="link"
                size="sm"
                className="text-start p-1 w-100 catalogue-result"
                onClick={() => {
                  onPick(food);
                  setText('');
                }}
              >
                <span className="fw-semibold">{food.name}</span> <span className="badge text-bg-light catalogue-source">{FOOD_SOURCE_LABELS[food.source]}</span>{' '}
                <span className="text-body-secondary">
                  {food.group}
                  {food.nutrients.ENERC_KCAL?.value != null && ` — ${t.kcalPer100(formatNumber(food.nutrients.ENERC_KCAL.value))}`}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
