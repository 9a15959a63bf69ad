import type { ColumnDef } from '@tanstack/react-table';
import type { CouponView, ProductView } from '@studio/contracts';
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Tab, Tabs } from 'react-bootstrap';
import { errorMessage } from '../../app/api';
import { dayWithYear } from '../../app/dates';
import { Loading } from '../../app/Loading';
import { formatEuro } from '../../app/money';
import { DataTable } from '../../app/ui/DataTable';
import { it } from '../../i18n/it';
import { useGetAdminCouponsQuery, useGetAdminProductsQuery } from './catalogAdminApi';
import { CouponFormModal } from './CouponFormModal';
import { ProductFormModal } from './ProductFormModal';

const t = it.catalogAdmin;

/** which modal is open: a new one, or an edit of a row */
type Editing<T> = { row?: T } | null;

function ProductsTab() {
  const { data, error, isLoading, refetch } = useGetAdminProductsQuery();
  const [editing, setEditing] = useState<Editing<ProductView>>(null);
  const columns = useMemo<ColumnDef<ProductView, any>[]>(
    () => [
      { accessorKey: 'name', header: t.name },
      { accessorKey: 'description', header: t.description, enableSorting: false, cell: (c) => <span className="data-table-clip">{c.getValue<string>()}</span> },
      { accessorKey: 'priceCents', header: t.price, cell: (c) => formatEuro(c.getValue<number>()) },
      {
        accessorKey: 'active',
        header: t.state,
        cell: (c) => (c.getValue<boolean>() ? <Badge bg="success">{t.active}</Badge> : <Badge bg="secondary">{t.inactive}</Badge>),
      },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">{t.actions}</span>,
        enableSorting: false,
        cell: (c) => (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing({ row: c.row.original })} aria-label={t.editProduct(c.row.original.name)}>
            {t.edit}
          </Button>
        ),
      },
    ],
    [],
  );
  if (isLoading) return <Loading />;
  if (error)
    return (
      <Alert variant="danger">
        {errorMessage(error, t.loadFailed)}{' '}
        <Button size="sm" variant="outline-danger" onClick={() => void refetch()}>
          {it.app.retry}
        </Button>
      </Alert>
    );
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={() => setEditing({})}>{t.newProduct}</Button>
      </div>
      <DataTable caption={t.productsCaption} rows={data ?? []} columns={columns} rowId={(p) => p.id} emptyText={t.noProducts} searchable testId="products-table" initialSorting={[{ id: 'name', desc: false }]} />
      {editing && <ProductFormModal product={editing.row} onClose={() => setEditing(null)} />}
    </>
  );
}

function CouponsTab() {
  const { data, error, isLoading, refetch } = useGetAdminCouponsQuery();
  const [editing, setEditing] = useState<Editing<CouponView>>(null);
  const columns = useMemo<ColumnDef<CouponView, any>[]>(
    () => [
      { accessorKey: 'code', header: t.code },
      { accessorKey: 'percentage', header: t.percentageShort, cell: (c) => `${c.getValue<number>()} %` },
      { accessorKey: 'validFrom', header: t.validFrom, cell: (c) => dayWithYear(c.getValue<string>()) },
      { accessorKey: 'validTo', header: t.validTo, cell: (c) => dayWithYear(c.getValue<string>()) },
      {
        id: 'uses',
        header: t.uses,
        accessorFn: (c) => c.uses,
        cell: (c) => t.usesOf(c.row.original.uses, c.row.original.maxUses),
      },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">{t.actions}</span>,
        enableSorting: false,
        cell: (c) => (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing({ row: c.row.original })} aria-label={t.editCoupon(c.row.original.code)}>
            {t.edit}
          </Button>
        ),
      },
    ],
    [],
  );
  if (isLoading) return <Loading />;
  if (error)
    return (
      <Alert variant="danger">
        {errorMessage(error, t.loadFailed)}{' '}
        <Button size="sm" variant="outline-danger" onClick={() => void refetch()}>
          {it.app.retry}
        </Button>
      </Alert>
    );
  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={() => setEditing({})}>{t.newCoupon}</Button>
      </div>
      <DataTable caption={t.couponsCaption} rows={data ?? []} columns={columns} rowId={(c) => c.code} emptyText={t.noCoupons} searchable testId="coupons-table" initialSorting={[{ id: 'code', desc: false }]} />
      {editing && <CouponFormModal coupon={editing.row} onClose={() => setEditing(null)} />}
    </>
  );
}

/** the admin's back office for what patients can buy: products and coupons (each change is an event) */
export function CatalogAdminPage() {
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
