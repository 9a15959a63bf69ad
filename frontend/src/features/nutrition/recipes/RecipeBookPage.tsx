import type { RecipeView } from '@studio/contracts';
import { useState } from 'react';
import { Alert, Button, Form, ListGroup } from 'react-bootstrap';
import * as it from '../../../i18n/it';
import { errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/pageTitle';
import { QuerySection } from '../../../components/ui/QuerySection';
import { RecipeDetail } from './RecipeDetail';
import { RecipeForm } from './RecipeForm';
import { useCopyRecipeMutation, useListRecipesQuery } from './recipesApi';
import './recipes.css';

const t = it.recipes;

type Panel = { kind: 'detail'; id: string } | { kind: 'form'; recipe: RecipeView | null } | null;

/** /ricette: the practice's recipe book, for doctors and the front desk */
export function RecipeBookPage() {
  usePageTitle(it.titles.recipes);
  const [q, setQ] = useState('');
  const list = useListRecipesQuery(q.trim());
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [copyRecipe] = useCopyRecipeMutation();

  const copy = async (recipe: RecipeView | { id: string; name: string }) => {
    setNotice(null);
    try {
      const created = await copyRecipe(recipe.id).unwrap();
      setNotice({ variant: 'success', text: t.copied(created.name) });
      setPanel({ kind: 'form', recipe: created });
    } catch (error) {
      setNotice({ variant: 'danger', text: errorMessage(error) });
    }
  };

  return (
    <div className="recipe-book">
      <h1 className="h3">{t.title}</h1>
      <p className="text-body-secondary small">{t.intro}</p>
      {notice && (
        <Alert variant={notice.variant} dismissible onClose={() => setNotice(null)} role={notice.variant === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId="recipe-search" className="flex-grow-1">
          <Form.Label>{t.search}</Form.Label>
          <Form.Control type="search" value={q} placeholder={t.searchPlaceholder} onChange={(e) => setQ(e.target.value)} />
        </Form.Group>
        <Button
          onClick={() => {
            setNotice(null);
            setPanel({ kind: 'form', recipe: null });
          }}
        >
          {t.newRecipe}
        </Button>
      </div>
      <QuerySection query={list} errorText={t.error} loadingLabel={t.loading} empty={<p>{t.empty}</p>}>
        {(recipes) => (
          <>
            <p className="small text-body-secondary" role="status">
              {t.count(recipes.length)}
            </p>
            <ListGroup as="ul" className="recipe-list">
              {recipes.map((r) => (
                <ListGroup.Item
                  as="li"
                  key={r.id}
                  className="d-flex flex-wrap align-items-center gap-2"
                  aria-current={panel?.kind === 'detail' && panel.id === r.id ? 'true' : undefined}
                >
                  <span className="me-auto">
                    {r.name}
                    <span className="d-block small">{t.ingredientCount(r.ingredientCount)}</span>
                  </span>
                  <Button size="sm" variant="outline-primary" aria-label={t.open(r.name)} onClick={() => setPanel({ kind: 'detail', id: r.id })}>
                    {t.openShort}
                  </Button>
                  <Button size="sm" variant="outline-secondary" aria-label={t.copyRecipe(r.name)} onClick={() => void copy(r)}>
                    {t.copy}
                  </Button>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </>
        )}
      </QuerySection>
      {panel?.kind === 'detail' && (
        <RecipeDetail key={panel.id} id={panel.id} onEdit={(recipe) => setPanel({ kind: 'form', recipe })} onCopy={(recipe) => void copy(recipe)} />
      )}
      {panel?.kind === 'form' && (
        <RecipeForm
          key={panel.recipe?.id ?? 'new'}
          recipe={panel.recipe}
          onCancel={() => setPanel(panel.recipe ? { kind: 'detail', id: panel.recipe.id } : null)}
          onSaved={(saved) => {
            setNotice({ variant: 'success', text: t.saved });
            setPanel({ kind: 'detail', id: saved.id });
          }}
        />
      )}
    </div>
  );
}
