import { usePageTitle } from '../../../lib/pageTitle';
import type { ColumnDef } from '@tanstack/react-table';
import type { FoodCategoryView, FoodImportResult, FoodView } from '@studio/contracts';
import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { foodsApi, useGetFoodCategoriesQuery, useGetFoodsQuery, useImportFoodsMutation } from '../../../lib/foodsApi';
import { Loading } from '../../../components/ui/Loading';
import { useAppDispatch } from '../../../lib/hooks';
import { DataTable } from '../../../components/ui/DataTable';
import { ModalForm } from '../../../components/ui/ModalForm';
import * as it from '../../../i18n/it';
import { formatNumber } from '../../../lib/format';
import { FoodTablesBanner } from './FoodTablesBanner';
import { FoodAllergensFieldset, allergensOfForm } from './FoodAllergensFieldset';
import { FoodValuesFields, decimalOf } from './FoodValuesFields';

const t = it.foods;
type Editing = { kind: 'food'; food: FoodView | null } | { kind: 'category'; category: FoodCategoryView | null } | null;

const numberField = (form: HTMLFormElement, name: string) => decimalOf((form.elements.namedItem(name) as HTMLInputElement).value) ?? NaN;
const textField = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;

/** /alimenti: the food catalogue in a data table (50 rows a page, sortable, fixed header), with modal forms and CSV import */
export function FoodCatalogPage() {
  usePageTitle(it.titles.foods);
  const foods = useGetFoodsQuery();
  const categories = useGetFoodCategoriesQuery();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const saved = (text: string) => {
    dispatch(foodsApi.util.invalidateTags(['Foods']));
    setNotice(text);
  };

  const columns = useMemo<ColumnDef<FoodView, any>[]>(
    () => [
      { accessorKey: 'name', header: t.name },
      { accessorKey: 'categoryName', header: t.category },
      { accessorKey: 'kcal100', header: t.kcal100, cell: (c) => formatNumber(c.getValue<number>()) },
      { accessorKey: 'baseWeight', header: t.baseWeight, cell: (c) => formatNumber(c.getValue<number>()) },
      { accessorKey: 'protein', header: t.protein, cell: (c) => formatNumber(c.getValue<number>()) },
      { accessorKey: 'carbohydrate', header: t.carbohydrate, cell: (c) => formatNumber(c.getValue<number>()) },
      { accessorKey: 'fat', header: t.fat, cell: (c) => formatNumber(c.getValue<number>()) },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">{t.actions}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => setEditing({ kind: 'food', food: row.original })}
            aria-label={t.editFood(row.original.name)}
          >
            {t.edit}
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <div className="food-catalog">
      <h1 className="h3">{t.title}</h1>
      <p className="text-body-secondary small">{t.intro}</p>
      <FoodTablesBanner />
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button onClick={() => setEditing({ kind: 'food', food: null })} disabled={!categories.data}>
          {t.newFood}
        </Button>
        <Button variant="outline-primary" onClick={() => setEditing({ kind: 'category', category: null })}>
          {t.newCategory}
        </Button>
      </div>
      {(foods.isLoading || categories.isLoading) && <Loading label={t.loading} />}
      {(foods.isError || categories.isError) && <Alert variant="danger">{errorMessage(foods.error ?? categories.error, t.error)}</Alert>}
      {foods.data && (
        <DataTable
          caption={t.title}
          rows={foods.data}
          columns={columns}
          rowId={(f) => String(f.id)}
          emptyText={t.count(0)}
          searchable
          initialSorting={[{ id: 'name', desc: false }]}
          testId="foods-table"
        />
      )}
      {categories.data && (
        <section className="mt-4">
          <h2 className="h5">{t.categories}</h2>
          <ul className="list-inline">
            {categories.data.map((c) => (
              <li key={c.id} className="list-inline-item mb-1">
                <Button size="sm" variant="outline-secondary" onClick={() => setEditing({ kind: 'category', category: c })}>
                  {c.name} · {c.kcal100} kcal · {c.baseWeight} g
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <CsvImport onImported={(r) => saved(t.imported(r.created, r.updated))} />

      {editing?.kind === 'food' && categories.data && (
        <ModalForm<FoodView>
          id="food-form"
          title={editing.food ? t.editFood(editing.food.name) : t.newFood}
          action={editing.food ? `/api/foods/${editing.food.id}` : '/api/foods'}
          method={editing.food ? 'PUT' : 'POST'}
          submitLabel={t.save}
          cancelLabel={t.cancel}
          body={(form) => ({
            name: textField(form, 'name'),
            categoryId: numberField(form, 'categoryId'),
            kcal100: numberField(form, 'kcal100'),
            baseWeight: numberField(form, 'baseWeight'),
            protein: numberField(form, 'protein'),
            carbohydrate: numberField(form, 'carbohydrate'),
            fat: numberField(form, 'fat'),
            allergens: allergensOfForm(form),
          })}
          onSaved={() => saved(t.saved)}
          onClose={() => setEditing(null)}
        >
          <Form.Group className="mb-2" controlId="food-name">
            <Form.Label>{t.name}</Form.Label>
            <Form.Control name="name" required maxLength={120} defaultValue={editing.food?.name} />
          </Form.Group>
          <Form.Group className="mb-2" controlId="food-category">
            <Form.Label>{t.category}</Form.Label>
            <Form.Select name="categoryId" required defaultValue={editing.food?.categoryId ?? ''}>
              <option value="">{t.chooseCategory}</option>
              {categories.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <FoodValuesFields food={editing.food} />
          <FoodAllergensFieldset allergens={editing.food?.allergens} />
        </ModalForm>
      )}
      {editing?.kind === 'category' && (
        <ModalForm<FoodCategoryView>
          id="category-form"
          title={editing.category ? t.editFood(editing.category.name) : t.newCategory}
          action={editing.category ? `/api/food-categories/${editing.category.id}` : '/api/food-categories'}
          method={editing.category ? 'PUT' : 'POST'}
          submitLabel={t.save}
          cancelLabel={t.cancel}
          body={(form) => ({ name: textField(form, 'name'), kcal100: numberField(form, 'kcal100'), baseWeight: numberField(form, 'baseWeight') })}
          onSaved={() => saved(t.saved)}
          onClose={() => setEditing(null)}
        >
          <Form.Group className="mb-2" controlId="category-name">
            <Form.Label>{t.name}</Form.Label>
            <Form.Control name="name" required maxLength={120} defaultValue={editing.category?.name} />
          </Form.Group>
          <Row xs={2} className="g-2">
            <Col>
              <Form.Group controlId="category-kcal">
                <Form.Label className="small">{t.kcal100}</Form.Label>
                <Form.Control name="kcal100" inputMode="decimal" required pattern="[0-9]+([.,][0-9]+)?" defaultValue={editing.category?.kcal100} />
              </Form.Group>
            </Col>
            <Col>
              <Form.Group controlId="category-base">
                <Form.Label className="small">{t.baseWeight}</Form.Label>
                <Form.Control name="baseWeight" type="number" required min={1} max={1000} step={1} defaultValue={editing.category?.baseWeight} />
              </Form.Group>
            </Col>
          </Row>
        </ModalForm>
      )}
    </div>
  );
}

function CsvImport({ onImported }: { onImported(result: FoodImportResult): void }) {
  const [importFoods, state] = useImportFoodsMutation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    if (!file) return;
    setProblem(null);
    try {
      onImported(await importFoods(await file.text()).unwrap());
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <section className="mt-4" aria-labelledby="food-import-title">
      <h2 id="food-import-title" className="h5">
        {t.importTitle}
      </h2>
      <p className="small text-body-secondary">{t.importHelp}</p>
      {problem && (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="food-import-file">
          <Form.Label className="small">{t.importFile}</Form.Label>
          <Form.Control type="file" accept=".csv,text/csv" onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
        </Form.Group>
        <Button variant="outline-primary" disabled={!file || state.isLoading} onClick={() => void run()}>
          {state.isLoading ? t.importing : t.importButton}
        </Button>
      </div>
    </section>
  );
}
