import { useEffect } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { formatDateTime, formatEuro } from '../../../lib/format';
import { receiptPath } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import { receiptPdfUrl, useGetMyOrdersQuery, useGetMyReceiptsQuery } from './myOrdersApi';
import { QuerySection } from '../../../components/ui/QuerySection';

const t = it.orders;

/** day and time of an order in Italian (the browser's zone) */
export function orderDate(iso: string): string {
  return formatDateTime(iso);
}

/** /home for a patient: their paid orders (GET /api/me/orders), each with a printable receipt */
export function MyOrders() {
  const orders = useGetMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const navigate = useNavigate();
  // a receipt is numbered just after the payment: ask again for a few seconds until every order has one
  const receipts = useGetMyReceiptsQuery(undefined, { refetchOnMountOrArgChange: true });
  const receiptOf = new Map((receipts.data ?? []).map((r) => [r.orderId, r]));
  // a payment PayPal declined has no receipt: nothing was charged
  const missing = (orders.data ?? []).some((o) => o.status !== 'failed' && !receiptOf.has(o.id));
  const failed = (orders.data ?? []).filter((o) => o.status === 'failed');
  useEffect(() => {
    if (!missing || !receipts.isSuccess) return;
    const timer = setTimeout(() => void receipts.refetch(), 1500);
    return () => clearTimeout(timer);
  }, [missing, receipts]);
  return (
    <section aria-labelledby="my-orders-title" className="mt-4">
      <h2 className="h4" id="my-orders-title">
        {t.title}
      </h2>
      <QuerySection query={orders} loadingLabel={t.loading} errorText={t.error} />
      {orders.data && orders.data.length === 0 && <p>{t.empty}</p>}
      {failed.map((o) => (
        <Alert key={o.id} variant="warning" role="alert" data-failed-order={o.id}>
          {t.failedNotice(o.productName)}
        </Alert>
      ))}
      {orders.data && orders.data.length > 0 && (
        <Table responsive striped className="align-middle app-table-cards">
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.doctor}</th>
              <th scope="col">{t.product}</th>
              <th scope="col">{t.amount}</th>
              <th scope="col">{t.coupon}</th>
              <th scope="col">{t.transaction}</th>
              <th scope="col">
                <span className="visually-hidden">{t.printReceipt}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((o) => (
              <tr key={o.id} data-order-id={o.id} data-order-status={o.status ?? 'placed'}>
                <td data-label={t.date}>{orderDate(o.createdAt)}</td>
                <td data-label={t.doctor}>{o.doctorName ?? ''}</td>
                <td data-label={t.product}>{o.productName}</td>
                <td data-label={t.amount}>
                  {formatEuro(o.amountCents)}
                  {o.status === 'refunded' && (
                    <Badge bg="info" className="ms-2">
                      {t.refunded}
                    </Badge>
                  )}
                  {o.status === 'failed' && (
                    <Badge bg="warning" text="dark" className="ms-2" title={o.failureReason}>
                      {t.failed}
                    </Badge>
                  )}
                </td>
                <td data-label={t.coupon}>{o.coupon ?? t.noCoupon}</td>
                <td data-label={t.transaction} className="text-break">
                  {o.transaction}
                </td>
                <td className="d-flex flex-wrap gap-2">
                  {o.status === 'failed' ? null : receiptOf.has(o.id) ? (
                    <a className="btn btn-outline-primary btn-sm" href={receiptPdfUrl(o.id)} target="_blank" rel="noopener">
                      {t.fiscalReceipt(receiptOf.get(o.id)!.label)}
                      {receiptOf.get(o.id)!.creditNote ? ` · ${t.creditNote(receiptOf.get(o.id)!.creditNote!)}` : ''}
                    </a>
                  ) : (
                    <span className="small text-body-secondary">{t.fiscalReceiptPending}</span>
                  )}
                  {o.status !== 'failed' && (
                    <Button variant="outline-secondary" size="sm" onClick={() => navigate(receiptPath(o.id))}>
                      {t.printReceipt}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
