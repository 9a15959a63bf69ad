import { usePageTitle } from '../../../lib/pageTitle';
import type { ColumnDef } from '@tanstack/react-table';
import type { CouponView, ProductView } from '@studio/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { Alert, Badge, Button, Tab, Tabs } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { dayWithYear } from '../../../lib/dates';
import { Loading } from '../../../components/ui/Loading';
import { formatEuro } from '../../../lib/money';
import { DataTable } from '../../../components/ui/DataTable';
import * as it from '../../../i18n/it';
import { useGetAdminCouponsQuery, useGetAdminProductsQuery } from './catalogAdminApi';
import { CouponFormModal } from './CouponFormModal';
import { ProductFormModal } from './ProductFormModal';

const t = it.catalogAdmin;

/** which modal is open: a new one, or an edit of a row */
type Editing<T> = { row?: T } | null;

/** one list of the catalog: loading, error with retry, a "new" button, the data table and its modal form */
function CatalogTab<Row>({
  query,
  columns,
  rowId,
  caption,
  emptyText,
  newLabel,
  testId,
  sortBy,
  modal,
}: {
  query: { data?: Row[]; error?: unknown; isLoading: boolean; refetch: () => unknown };
  /** the columns, given how to open a row's edit form */
  columns: (edit: (row: Row) => void) => ColumnDef<Row, any>[];
  rowId: (row: Row) => string;
  caption: string;
  emptyText: string;
  newLabel: string;
  testId: string;
  sortBy: string;
  modal: (row: Row | undefined, close: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<Editing<Row>>(null);
  // built once: the columns only need a way to open the edit form, which never changes
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the columns' factory is a module constant of the caller
  const tableColumns = useMemo(() => columns((row) => setEditing({ row })), []);
  if (query.isLoading) return <Loading />;
  if (query.error)
    return (
      <Alert variant="danger">
        {errorMessage(query.error, t.loadFailed)}{' '}
        <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
          {it.app.retry}
        </Button>
      </Alert>
    );
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={() => setEditing({})}>{newLabel}</Button>
      </div>
      <DataTable
        caption={caption}
        rows={query.data ?? []}
        columns={tableColumns}
        rowId={rowId}
        emptyText={emptyText}
        searchable
        testId={testId}
        initialSorting={[{ id: sortBy, desc: false }]}
      />
      {editing && modal(editing.row, () => setEditing(null))}
    </>
  );
}

const editButton = (label: string, onClick: () => void) => (
  <Button size="sm" variant="outline-primary" onClick={onClick} aria-label={label}>
    {t.edit}
  </Button>
);
const actionsHeader = () => <span className="visually-hidden">{t.actions}</span>;

function productColumns(edit: (p: ProductView) => void): ColumnDef<ProductView, any>[] {
  return [
    { accessorKey: 'name', header: t.name },
    { accessorKey: 'description', header: t.description, enableSorting: false, cell: (c) => <span className="data-table-clip">{c.getValue<string>()}</span> },
    { accessorKey: 'priceCents', header: t.price, cell: (c) => formatEuro(c.getValue<number>()) },
    {
      accessorKey: 'active',
      header: t.state,
      cell: (c) => (c.getValue<boolean>() ? <Badge bg="success">{t.active}</Badge> : <Badge bg="secondary">{t.inactive}</Badge>),
    },
    { id: 'actions', header: actionsHeader, enableSorting: false, cell: (c) => editButton(t.editProduct(c.row.original.name), () => edit(c.row.original)) },
  ];
}

function couponColumns(edit: (c: CouponView) => void): ColumnDef<CouponView, any>[] {
  return [
    { accessorKey: 'code', header: t.code },
    { accessorKey: 'percentage', header: t.percentageShort, cell: (c) => `${c.getValue<number>()} %` },
    { accessorKey: 'validFrom', header: t.validFrom, cell: (c) => dayWithYear(c.getValue<string>()) },
    { accessorKey: 'validTo', header: t.validTo, cell: (c) => dayWithYear(c.getValue<string>()) },
    { id: 'uses', header: t.uses, accessorFn: (c) => c.uses, cell: (c) => t.usesOf(c.row.original.uses, c.row.original.maxUses) },
    { id: 'actions', header: actionsHeader, enableSorting: false, cell: (c) => editButton(t.editCoupon(c.row.original.code), () => edit(c.row.original)) },
  ];
}

function ProductsTab() {
  return (
    <CatalogTab
      query={useGetAdminProductsQuery()}
      columns={productColumns}
      rowId={(p) => p.id}
      caption={t.productsCaption}
      emptyText={t.noProducts}
      newLabel={t.newProduct}
      testId="products-table"
      sortBy="name"
      modal={(product, close) => <ProductFormModal product={product} onClose={close} />}
    />
  );
}

function CouponsTab() {
  return (
    <CatalogTab
      query={useGetAdminCouponsQuery()}
      columns={couponColumns}
      rowId={(c) => c.code}
      caption={t.couponsCaption}
      emptyText={t.noCoupons}
      newLabel={t.newCoupon}
      testId="coupons-table"
      sortBy="code"
      modal={(coupon, close) => <CouponFormModal coupon={coupon} onClose={close} />}
    />
  );
}

/** the admin's back office for what patients can buy: products and coupons (each change is an event) */
export function CatalogAdminPage() {
  usePageTitle(it.titles.catalog);
  return (
    <section aria-labelledby="catalog-admin-title">
      <h1 id="catalog-admin-title" className="h3">
        {t.title}
      </h1>
      <p className="text-body-secondary">{t.intro}</p>
      <Tabs defaultActiveKey="products" id="catalog-admin-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="products" title={t.productsTab}>
          <ProductsTab />
        </Tab>
        <Tab eventKey="coupons" title={t.couponsTab}>
          <CouponsTab />
        </Tab>
      </Tabs>
    </section>
  );
}
