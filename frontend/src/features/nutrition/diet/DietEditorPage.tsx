import { useUnsavedChangesGuard } from './UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/pageTitle';
import { formatDateTime } from '../../../lib/format';
import {
  MEALS,
  NOTES_MAX_LENGTH,
  type CatalogueFood,
  type CategoryAnswer,
  type DietSummary,
  type DietView,
  type Meal,
  type MealSummary,
} from '@studio/contracts';
import { useCallback, useMemo, useReducer, useState, type FormEvent, type MouseEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, useGetSessionQuery } from '../../../lib/api';
import { useGetFoodCategoriesQuery, useGetFoodsQuery } from '../../../lib/foodsApi';
import { Loading } from '../../../components/ui/Loading';
import { AsyncModal } from '../../../components/ui';
import { RichTextEditor } from '../../../components/ui/RichText';
import * as it from '../../../i18n/it';
import {
  DIET_URLS,
  useGetDietQuery,
  useLazyGetDietQuery,
  useLookupCategoriesMutation,
  useSaveDietMutation,
  useSaveMealCellsMutation,
  useSavedDietLoader,
} from './dietApi';
import { CatalogueFoodPicker } from './CatalogueFoodPicker';
import { DAY_PANEL_ID, DayTabs, dayLabel, dayTabId } from './DayTabs';
import { MealSummarySection, SavedDietActions } from './DietEditorParts';
import { PlanSources } from './PlanSources';
import { EquivalenceLists } from './EquivalenceLists';
import { PlanInForce } from './PlanInForce';
import { TemplateLibrary } from './TemplateLibrary';
import { updatedValues, ValueUpdates } from './ValueUpdates';
import { DietPrintSheet } from './DietPrintSheet';
import { draftActions, draftSlice, firstEmptyRow, initialDraft, isDirty, saveBody, shownDay } from './draftSlice';
import { CatalogueContext, PlanValuesContext } from './FoodSelect';
import { MealEditor } from './MealEditor';
import { DietBlocks, PortionsTables } from './PortionsTables';
import { useServerCalculation } from './serverCalculation';
import { CurrentSummary } from './Summaries';
import { TargetsPanel, useGetDietTargetsQuery } from './TargetsPanel';
import { PlanNutrients } from './PlanNutrients';
import './diet.css';

const t = it.diet;
const p = it.dietPlan;
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
  const { data: studioFoods } = useGetFoodsQuery();
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
  const day = shownDay(state);
  const guard = useUnsavedChangesGuard(dirty);
  const mealName = (meal: Meal) => draft.mealNames[meal] || t.meals[meal];

  // the server recalculates on every change; an earlier calculation still in flight is aborted
  // only what the figures depend on (the day shown): typing in the notes recalculates nothing
  const figures = useMemo(
    () =>
      Object.keys(draft.values).length ? { meals: day.meals, portions: draft.portions, values: draft.values } : { meals: day.meals, portions: draft.portions },
    [day.meals, draft.portions, draft.values],
  );
  const current = useServerCalculation<DietSummary>(DIET_URLS.calculate, figures, csrf);
  // the targets and allergies are the clinical record's: only a treating doctor reads them (the segreteria may not)
  const treating = session?.user?.role === 'doctor';
  const recordTargets = useGetDietTargetsQuery(patientId, { skip: !treating }).data;
  const allergies = recordTargets?.allergies ?? [];

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
    // a row without a food is refused by the server: said here, on the day that has it, before anything is sent
    const empty = firstEmptyRow(state.draft);
    if (empty) {
      dispatch(draftActions.daySelected(empty.day));
      setMessage({ variant: 'danger', text: t.emptyRow(t.meals[empty.meal], empty.row) });
      return false;
    }
    try {
      const saved = await saveDiet({ patientId, diet: saveBody(state, diet?.revision ?? null) }).unwrap();
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
            const answer = await saveCells({ patientId, meal, grams, day: day.weekday }).unwrap();
            setMessage({ variant: 'success', text: t.cellsSaved });
            await reload();
            return answer;
          } catch (error) {
            setMessage({ variant: 'danger', text: errorMessage(error) });
            return null;
          }
        }
      : null;

  const addFromCatalogue = (meal: Meal, food: CatalogueFood) => {
    const { name, source, version, group, baseWeight, nutrients, allergens } = food;
    const values = { name, source, version, group, baseWeight, nutrients, ...(allergens ? { allergens } : {}) };
    dispatch(draftActions.catalogueRowAdded({ meal, item: food.id, grams: baseWeight, values }));
  };
  const updates = diet!.valueUpdates ?? [];

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
      <ValueUpdates
        updates={updates}
        applied={updates.length > 0 && updates.every((u) => state.refreshValues.includes(u.item))}
        onApply={() => dispatch(draftActions.valuesApplied(updatedValues(draft.values, updates)))}
      />
      <div className="d-flex flex-wrap align-items-start gap-2">
        <PlanSources patientId={patientId} plan={draft} onLoaded={(content) => dispatch(draftActions.planLoaded(content))} onMessage={setMessage} />
        <EquivalenceLists />
        <TemplateLibrary />
        <PlanInForce patientId={patientId} />
      </div>
      {diet!.revision !== null && <DietPrintSheet diet={diet!} />}
      <form id="editform" name="editform" action={DIET_URLS.diet(patientId)} method="post" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="calculate_url" value={DIET_URLS.calculate} />
        <input type="hidden" name="categories_url" value={DIET_URLS.categories} />
        <Row className="g-4">
          <Col xl={8}>
            <DayTabs
              days={draft.days}
              shown={state.day}
              onSelect={(index) => dispatch(draftActions.daySelected(index))}
              onAdd={(weekday) => dispatch(draftActions.dayAdded(weekday))}
              onDuplicate={(weekday) => dispatch(draftActions.dayDuplicated(weekday))}
              onRemove={(index) => dispatch(draftActions.dayRemoved(index))}
            />
            <PlanValuesContext.Provider value={draft.values}>
              <div id={DAY_PANEL_ID} role="tabpanel" aria-labelledby={dayTabId(day.weekday)} data-day={day.weekday}>
                <h2 className="visually-hidden">{p.dayOfPlan(dayLabel(day.weekday))}</h2>
                {MEALS.map((meal) => (
                  <Card key={meal} className="mb-3 diet-meal" data-meal={meal}>
                    <Card.Header as="h3" className="h5">
                      {mealName(meal)}
                    </Card.Header>
                    <Card.Body>
                      <Form.Group className="mb-2 diet-meal-name" controlId={`meal-name-${meal}`}>
                        <Form.Label className="small mb-0">{p.mealName(t.meals[meal])}</Form.Label>
                        <Form.Control
                          size="sm"
                          maxLength={40}
                          value={draft.mealNames[meal] ?? ''}
                          placeholder={t.meals[meal]}
                          onChange={(e) => dispatch(draftActions.mealRenamed({ meal, name: e.target.value }))}
                        />
                      </Form.Group>
                      <MealEditor
                        meal={meal}
                        rows={day.meals[meal]}
                        dispatch={dispatch}
                        categoryAnswers={categoryAnswers}
                        onCategoryChosen={onCategoryChosen}
                        allergies={allergies}
                      />
                      <CatalogueFoodPicker label={p.catalogueSearchFor(mealName(meal))} onPick={(food) => addFromCatalogue(meal, food)} />
                      <MealSummarySection
                        meal={meal}
                        mealName={mealName(meal)}
                        rows={day.meals[meal]}
                        values={draft.values}
                        csrf={csrf}
                        onSaveCells={cellsSaver(meal)}
                      />
                    </Card.Body>
                  </Card>
                ))}
              </div>
            </PlanValuesContext.Provider>
          </Col>
          <Col xl={4}>
            <div className="diet-side">
              <CurrentSummary calculation={current} />
              {treating && <TargetsPanel patientId={patientId} summary={current.data ?? null} />}
            </div>
          </Col>
          <Col xs={12}>
            <PlanNutrients
              day={day}
              days={draft.days}
              dayLabel={dayLabel(day.weekday)}
              mealName={mealName}
              values={draft.values}
              studioFoods={studioFoods ?? []}
              person={recordTargets?.person ?? null}
            />
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
