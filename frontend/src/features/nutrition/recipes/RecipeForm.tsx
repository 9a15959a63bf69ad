import type { RecipeView } from '@studio/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { IngredientPicker } from './IngredientPicker';
import { draftOf, emptyDraft, requestOf, type RecipeDraft } from './recipeDraft';
import { useSaveRecipeMutation } from './recipesApi';

const t = it.recipes;

export interface RecipeFormProps {
  /** the recipe to change; none: a new one */
  recipe: RecipeView | null;
  onSaved(recipe: RecipeView): void;
  onCancel(): void;
}

interface ModeFieldsetProps<M extends string> {
  legend: string;
  name: string;
  options: { id: string; label: string; mode: M; valueLabel: string }[];
  mode: M;
  onMode(mode: M): void;
  valueId: string;
  value: string;
  onValue(value: string): void;
}

/** one of two ways to give a figure (cooked weight or yield factor; portions by count or by grams), then the figure */
function ModeFieldset<M extends string>({ legend, name, options, mode, onMode, valueId, value, onValue }: ModeFieldsetProps<M>) {
  return (
    <fieldset>
      <legend className="h6">{legend}</legend>
      {options.map((o) => (
        <Form.Check key={o.id} type="radio" id={o.id} name={name} label={o.label} checked={mode === o.mode} onChange={() => onMode(o.mode)} />
      ))}
      <Form.Group controlId={valueId} className="mt-1">
        <Form.Label className="small">{options.find((o) => o.mode === mode)?.valueLabel}</Form.Label>
        <Form.Control inputMode="decimal" value={value} required onChange={(e) => onValue(e.target.value)} />
      </Form.Group>
    </fieldset>
  );
}

/** create or change a recipe: name, raw ingredients found in the catalogue, cooked weight or yield, portions, note */
export function RecipeForm({ recipe, onSaved, onCancel }: RecipeFormProps) {
  const [draft, setDraft] = useState<RecipeDraft>(() => (recipe ? draftOf(recipe) : emptyDraft()));
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useSaveRecipeMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  // the form opens below the list: move the focus to its title so a screen reader and the keyboard follow
  useEffect(() => heading.current?.focus(), []);
  const change = (patch: Partial<RecipeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setGrams = (index: number, grams: string) => change({ ingredients: draft.ingredients.map((i, n) => (n === index ? { ...i, grams } : i)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onSaved(await save({ id: recipe?.id, recipe: requestOf(draft) }).unwrap());
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} className="recipe-form border rounded p-3 mt-3" aria-labelledby="recipe-form-title" noValidate>
      <h2 id="recipe-form-title" className="h5" tabIndex={-1} ref={heading}>
        {recipe ? t.editRecipe(recipe.name) : t.newRecipe}
      </h2>
      {problem && (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="recipe-name">
        <Form.Label>{t.name}</Form.Label>
        <Form.Control value={draft.name} required maxLength={120} onChange={(e) => change({ name: e.target.value })} />
      </Form.Group>

      <fieldset className="mb-3">
        <legend className="h6">{t.ingredients}</legend>
        {draft.ingredients.length === 0 ? (
          <p className="small text-body-secondary">{t.noIngredients}</p>
        ) : (
          <ul className="list-unstyled recipe-ingredients">
            {draft.ingredients.map((ingredient, index) => (
              <li key={`${ingredient.foodId}-${index}`} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <span className="flex-grow-1">{ingredient.name}</span>
                <Form.Control
                  className="recipe-grams"
                  inputMode="decimal"
                  aria-label={t.grams(ingredient.name)}
                  value={ingredient.grams}
                  onChange={(e) => setGrams(index, e.target.value)}
                />
                <span aria-hidden="true">g</span>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={t.remove(ingredient.name)}
                  onClick={() => change({ ingredients: draft.ingredients.filter((_, n) => n !== index) })}
                >
                  {t.removeShort}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <IngredientPicker onAdd={(food) => change({ ingredients: [...draft.ingredients, { foodId: food.id, name: food.name, grams: '' }] })} />
      </fieldset>

      <Row xs={1} md={2} className="g-3 mb-3">
        <Col>
          <ModeFieldset
            legend={t.cooking}
            name="cookingMode"
            options={[
              { id: 'recipe-by-cooked', label: t.byCookedWeight, mode: 'cookedWeight', valueLabel: t.cookedWeight },
              { id: 'recipe-by-yield', label: t.byYieldFactor, mode: 'yieldFactor', valueLabel: t.yieldFactor },
            ]}
            mode={draft.cookingMode}
            onMode={(cookingMode) => change({ cookingMode })}
            valueId="recipe-cooking-value"
            value={draft.cookingValue}
            onValue={(cookingValue) => change({ cookingValue })}
          />
        </Col>
        <Col>
          <ModeFieldset
            legend={t.portions}
            name="portionsMode"
            options={[
              { id: 'recipe-by-count', label: t.byCount, mode: 'count', valueLabel: t.portionCount },
              { id: 'recipe-by-grams', label: t.byGrams, mode: 'grams', valueLabel: t.portionGrams },
            ]}
            mode={draft.portionsMode}
            onMode={(portionsMode) => change({ portionsMode })}
            valueId="recipe-portions-value"
            value={draft.portionsValue}
            onValue={(portionsValue) => change({ portionsValue })}
          />
        </Col>
      </Row>

      <Form.Group className="mb-3" controlId="recipe-note">
        <Form.Label>{t.note}</Form.Label>
        <Form.Control as="textarea" rows={3} maxLength={2000} value={draft.note} onChange={(e) => change({ note: e.target.value })} />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={saving.isLoading}>
          {saving.isLoading ? t.saving : t.save}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </Form>
  );
}
