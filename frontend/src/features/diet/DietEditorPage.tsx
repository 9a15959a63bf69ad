import { useUnsavedChangesGuard } from './UnsavedChangesGuard';
import { usePageTitle } from '../../lib/pageTitle';
import { formatDateTime } from '../../lib/format';
import {
  MEALS,
  NOTES_MAX_LENGTH,
  type CategoryAnswer,
  type DietContent,
  type DietSummary,
  type DietView,
  type Meal,
  type MealSummary,
} from '@studio/contracts';
import { useCallback, useMemo, useReducer, useState, type FormEvent, type MouseEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Row } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, useGetSessionQuery } from '../../lib/api';
import { useGetFoodCategoriesQuery, useGetFoodsQuery } from '../../lib/foodsApi';
import { Loading } from '../../components/ui/Loading';
import { AsyncModal } from '../../components/ui';
import { RichTextEditor } from '../../components/ui/RichText';
import * as it from '../../i18n/it';
import {
  DIET_URLS,
  useGetDietQuery,
  useLazyGetDietQuery,
  useLookupCategoriesMutation,
  useSaveDietMutation,
  useSaveMealCellsMutation,
  useSavedDietLoader,
  useSendDietMutation,
} from './dietApi';
import { DietPrintSheet } from './DietPrintSheet';
import { draftActions, draftSlice, initialDraft, isDirty } from './draftSlice';
import { CatalogueContext } from './FoodSelect';
import { MealEditor } from './MealEditor';
import { DietBlocks, PortionsTables } from './PortionsTables';
import { useServerCalculation } from './serverCalculation';
import { CurrentSummary, MealSummaryTable } from './Summaries';
import { TargetsPanel, useGetDietTargetsQuery } from './TargetsPanel';
import './diet.css';

const t = it.diet;
export const DIETS_PATH = '/diete';
const dateTime = formatDateTime;

/** /diete/:patientId: the doctor's diet editor (element edit-diet, form editform) */
export function DietEditorPage() {
  const { patientId = '' } = useParams();
  const diet = useGetDietQuery(patientId);
  usePageTitle(diet.data ? it.titles.dietOf(diet.data.patientName) : it.titles.diet);
  const foods = useGetFoodsQuery();
  const categories = useGetFoodCategoriesQuery();
  if (diet.isLoading || foods.isLoading || categories.isLoading) return <Loading label={t.loading} />;
  if (diet.isError || !diet.data) return <Alert variant="danger">{errorMessage(diet.error, t.loadError)}</Alert>;
  if (foods.isError || categories.isError || !foods.data || !categories.data)
    return <Alert variant="danger">{errorMessage(foods.error ?? categories.error, t.catalogueError)}</Alert>;
  return (
    <CatalogueContext.Provider value={{ foods: foods.data, categories: categories.data }}>
      {/* another patient is another form: nothing of the previous one is kept */}
      <DietEditor key={patientId} patientId={patientId} />
    </CatalogueContext.Provider>
  );
}

function DietEditor({ patientId }: { patientId: string }) {
  const { data: session } = useGetSessionQuery();
  const csrf = session?.csrfToken;
  const navigate = useNavigate();
  const { data: diet } = useGetDietQuery(patientId);
  const [reloadDiet] = useLazyGetDietQuery();
  const [saveDiet, saving] = useSaveDietMutation();
  const [saveCells] = useSaveMealCellsMutation();
  const loadSaved = useSavedDietLoader();
  const [lookupCategories] = useLookupCategoriesMutation();
  const [state, dispatch] = useReducer(draftSlice.reducer, diet!.content, initialDraft);
  const [categoryAnswers, setCategoryAnswers] = useState(new Map<number, CategoryAnswer>());
  const [message, setMessage] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const [showSaved, setShowSaved] = useState(false);
  const dirty = isDirty(state);
  const draft = state.draft;
  const guard = useUnsavedChangesGuard(dirty);

  // the server recalculates on every change; an earlier calculation still in flight is aborted
  // only what the figures depend on: typing in the notes recalculates nothing
  const figures = useMemo(() => ({ meals: draft.meals, portions: draft.portions }), [draft.meals, draft.portions]);
  const current = useServerCalculation<DietSummary>(DIET_URLS.calculate, figures, csrf);
  // the targets and allergies are the clinical record's: only a treating doctor reads them (the segreteria may not)
  const treating = session?.user?.role === 'doctor';
  const allergies = useGetDietTargetsQuery(patientId, { skip: !treating }).data?.allergies ?? [];

  const onCategoryChosen = useCallback(
    (categoryId: number) => {
      void lookupCategories([categoryId])
        .unwrap()
        .then((answers) => setCategoryAnswers((m) => new Map([...m, ...answers.map((a) => [a.id, a] as const)])))
        .catch(() => undefined); // the option's own data attributes stay in use
    },
    [lookupCategories],
  );

  const save = async (): Promise<boolean> => {
    setMessage(null);
    try {
      const saved = await saveDiet({ patientId, diet: { ...draft, revision: diet?.revision ?? null } }).unwrap();
      dispatch(draftActions.dietLoaded(saved.content));
      setMessage({ variant: 'success', text: t.saved });
      return true;
    } catch (error) {
      setMessage({ variant: 'danger', text: errorMessage(error) });
      return false;
    }
  };
  const reload = async () => {
    const fresh = await reloadDiet(patientId)
      .unwrap()
      .catch((error: unknown) => {
        setMessage({ variant: 'danger', text: errorMessage(error, t.loadError) });
        return null;
      });
    if (fresh) dispatch(draftActions.dietLoaded(fresh.content));
    return fresh;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const onReload = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    void reload().then((fresh) => fresh && setMessage({ variant: 'success', text: t.reloaded }));
  };
  // save-before: first the form named in data-save-form, then the link's own href
  const onSaveBefore = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const href = e.currentTarget.getAttribute('href')!;
    void save().then((ok) => {
      if (!ok) return;
      guard.allowNext();
      void navigate(href);
    });
  };

  const cellsSaver = (meal: Meal) =>
    diet?.revision !== null && !dirty
      ? async (grams: Record<string, string>): Promise<MealSummary | null> => {
          try {
            const answer = await saveCells({ patientId, meal, grams }).unwrap();
            setMessage({ variant: 'success', text: t.cellsSaved });
            await reload();
            return answer;
          } catch (error) {
            setMessage({ variant: 'danger', text: errorMessage(error) });
            return null;
          }
        }
      : null;

  return (
    <div id="edit-diet" className="diet-editor">
      {csrf && <meta name="csrf-token" content={csrf} />}
      {guard.dialog}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 me-auto">{t.title(diet!.patientName)}</h1>
        {dirty && (
          <Badge bg="warning" text="dark">
            {t.unsaved}
          </Badge>
        )}
        {diet!.revision !== null && (
          <Button size="sm" variant="outline-secondary" onClick={() => setShowSaved(true)}>
            {t.savedVersion}
          </Button>
        )}
        <a id="reload-diet" className="reload-diet btn btn-outline-secondary btn-sm" href={DIET_URLS.diet(patientId)} onClick={onReload}>
          {t.reload}
        </a>
      </div>
      <SavedDietActions patientId={patientId} saved={diet!.revision !== null && !dirty} treating={treating} onMessage={setMessage} />
      <p className="small text-body-secondary">{diet!.savedAt && diet!.doctorName ? t.lastSaved(dateTime(diet!.savedAt), diet!.doctorName) : t.neverSaved}</p>
      {message && (
        <Alert variant={message.variant} dismissible onClose={() => setMessage(null)} role={message.variant === 'danger' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}

      {showSaved && (
        <AsyncModal<DietView> show onHide={() => setShowSaved(false)} title={t.savedVersion} load={() => loadSaved(patientId)}>
          {(saved) => (
            <>
              <p className="fw-semibold">{t.summaryKcal(saved.summary.kcal)}</p>
              <ul className="mb-0">
                {saved.meals.map((m) => (
                  <li key={m.meal}>
                    {t.meals[m.meal]}: {m.rows.map((r) => `${r.name} ${r.grams} g`).join(', ') || '—'} ({m.kcal} kcal)
                  </li>
                ))}
              </ul>
            </>
          )}
        </AsyncModal>
      )}
      {diet!.revision !== null && <DietPrintSheet diet={diet!} />}
      <form id="editform" name="editform" action={DIET_URLS.diet(patientId)} method="post" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="calculate_url" value={DIET_URLS.calculate} />
        <input type="hidden" name="categories_url" value={DIET_URLS.categories} />
        <Row className="g-4">
          <Col xl={8}>
            {MEALS.map((meal) => (
              <Card key={meal} className="mb-3 diet-meal" data-meal={meal}>
                <Card.Header as="h2" className="h5">
                  {t.meals[meal]}
                </Card.Header>
                <Card.Body>
                  <MealEditor
                    meal={meal}
                    rows={draft.meals[meal]}
                    dispatch={dispatch}
                    categoryAnswers={categoryAnswers}
                    onCategoryChosen={onCategoryChosen}
                    allergies={allergies}
                  />
                  <MealSummarySection meal={meal} rows={draft.meals[meal]} csrf={csrf} onSaveCells={cellsSaver(meal)} />
                </Card.Body>
              </Card>
            ))}
          </Col>
          <Col xl={4}>
            <div className="diet-side">
              <CurrentSummary calculation={current} />
              {treating && <TargetsPanel patientId={patientId} summary={current.data ?? null} />}
            </div>
          </Col>
        </Row>
        <PortionsTables portions={draft.portions} dispatch={dispatch} />
        <DietBlocks portions={draft.portions} />
        <section className="mb-4">
          <RichTextEditor
            key={state.loads}
            id="diet-notes"
            label={t.notes}
            value={draft.notes}
            onChange={(notes) => dispatch(draftActions.notesChanged(notes))}
            maxLength={NOTES_MAX_LENGTH}
          />
        </section>
        <div className="d-flex flex-wrap gap-2 diet-actions">
          <Button type="submit" disabled={saving.isLoading}>
            {saving.isLoading ? t.saving : t.save}
          </Button>
          <a className="save-before btn btn-outline-primary" data-save-form="editform" href={DIETS_PATH} onClick={onSaveBefore}>
            {t.saveAndBack}
          </a>
          <Link className="btn btn-link" to={DIETS_PATH}>
            {t.backToPatients}
          </Link>
        </div>
      </form>
    </div>
  );
}

/**
 * What the doctor does with the saved diet: print it (the print view below the editor, through window.print), download
 * it as a PDF (the server's), and — the treating doctor only — send it to the patient (an email with a link to /home).
 * All three act on the saved version: with unsaved changes or before the first save they wait, and say why.
 */
function SavedDietActions({
  patientId,
  saved,
  treating,
  onMessage,
}: {
  patientId: string;
  saved: boolean;
  treating: boolean;
  onMessage(m: { variant: 'success' | 'danger'; text: string }): void;
}) {
  const [sendDiet, sending] = useSendDietMutation();
  const send = async () => {
    try {
      await sendDiet(patientId).unwrap();
      onMessage({ variant: 'success', text: t.sent });
    } catch (error) {
      onMessage({ variant: 'danger', text: errorMessage(error) });
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2 diet-saved-actions" role="group" aria-label={t.savedVersion}>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={!saved}
        onClick={() => window.print()}
        title={t.printHint}
        aria-describedby={saved ? undefined : 'diet-needs-save'}
      >
        {t.print}
      </Button>
      {saved ? (
        <a className="btn btn-sm btn-outline-primary" href={DIET_URLS.pdf(patientId)} download="dieta.pdf">
          {t.pdf}
        </a>
      ) : (
        <Button size="sm" variant="outline-primary" disabled aria-describedby="diet-needs-save">
          {t.pdf}
        </Button>
      )}
      {treating && (
        <Button
          size="sm"
          variant="primary"
          disabled={!saved || sending.isLoading}
          onClick={() => void send()}
          aria-describedby={saved ? undefined : 'diet-needs-save'}
        >
          {sending.isLoading ? t.sending : t.send}
        </Button>
      )}
      {!saved && (
        <span id="diet-needs-save" className="small text-body-secondary">
          {t.sendNeedsSave}
        </span>
      )}
    </div>
  );
}

/** calculate_meal_url before each meal summary: the server's table for the meal as it is in the form */
function MealSummarySection({
  meal,
  rows,
  csrf,
  onSaveCells,
}: {
  meal: Meal;
  rows: DietContent['meals'][Meal];
  csrf: string | undefined;
  onSaveCells: ((grams: Record<string, string>) => Promise<MealSummary | null>) | null;
}) {
  const url = DIET_URLS.calculateMeal(meal);
  // the meal's own rows: a change elsewhere does not recalculate this table
  const body = useMemo(() => ({ meals: { [meal]: rows } }), [meal, rows]);
  const calculation = useServerCalculation<MealSummary>(url, body, csrf);
  const summary = useMemo(() => (calculation.data && calculation.data.rows.length > 0 ? calculation.data : null), [calculation.data]);
  return (
    <>
      <input type="hidden" name="calculate_meal_url" value={url} />
      {calculation.status === 'error' && (
        <Alert variant="danger" className="mt-2 mb-0 py-1 small">
          {calculation.error}
        </Alert>
      )}
      <MealSummaryTable summary={summary} title={t.mealSummary(t.meals[meal])} onSaveCells={onSaveCells} editDisabledHint={t.editNeedsSave} />
    </>
  );
}
