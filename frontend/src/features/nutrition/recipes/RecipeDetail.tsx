import type { RecipeView } from '@studio/contracts';
import { Alert, Button } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { QuerySection } from '../../../components/ui/QuerySection';
import { formatAmount, NutrientPanel } from '../diet/NutrientPanel';
import { useGetRecipeQuery } from './recipesApi';

const t = it.recipes;
const grams = (n: number) => `${formatAmount(n)} g`;

/** one recipe: its ingredients, weights and portions, and its values per 100 g of cooked dish and per portion */
export function RecipeDetail({ id, onEdit, onCopy }: { id: string; onEdit(recipe: RecipeView): void; onCopy(recipe: RecipeView): void }) {
  const query = useGetRecipeQuery(id);
  return (
    <section className="recipe-detail mt-3" aria-labelledby="recipe-detail-title">
      <QuerySection query={query} errorText={t.detailError} loadingLabel={t.detailLoading}>
        {(recipe) => (
          <>
            <h2 id="recipe-detail-title" className="h5">
              {recipe.name}
            </h2>
            {recipe.archived && <Alert variant="secondary">{t.archived}</Alert>}
            <div className="d-flex flex-wrap gap-2 mb-2">
              {!recipe.archived && (
                <Button size="sm" variant="outline-primary" onClick={() => onEdit(recipe)} aria-label={t.editRecipe(recipe.name)}>
                  {t.edit}
                </Button>
              )}
              <Button size="sm" variant="outline-secondary" onClick={() => onCopy(recipe)} aria-label={t.copyRecipe(recipe.name)}>
                {t.copy}
              </Button>
            </div>
            <ul className="small">
              {recipe.ingredients.map((i, n) => (
                <li key={`${i.foodId}-${n}`}>
                  {i.foodName ?? t.unknownFood(i.foodId)}: {grams(i.grams)}
                </li>
              ))}
            </ul>
            <dl className="recipe-weights small d-flex flex-wrap gap-3">
              <div>
                <dt>{t.rawWeight}</dt>
                <dd>{grams(recipe.composition.rawWeight)}</dd>
              </div>
              <div>
                <dt>{t.cookedWeightShown}</dt>
                <dd>{grams(recipe.composition.cookedWeight)}</dd>
              </div>
              <div>
                <dt>{t.yieldShown}</dt>
                <dd>{formatAmount(recipe.composition.yieldFactor)}</dd>
              </div>
              <div>
                <dt>{t.portionShown}</dt>
                <dd>
                  {grams(recipe.composition.portionGrams)} · {t.portionCount}: {formatAmount(recipe.composition.portionCount)}
                </dd>
              </div>
            </dl>
            {recipe.note && <p className="small recipe-note">{recipe.note}</p>}
            <NutrientPanel totals={recipe.composition.per100g} targets={null} caption={t.per100g} />
            <NutrientPanel totals={recipe.composition.perPortion} targets={null} caption={t.perPortion(grams(recipe.composition.portionGrams))} />
          </>
        )}
      </QuerySection>
    </section>
  );
}
