import { Alert, Button, Card } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { Loading } from '../../components/ui/Loading';
import { formatEuro } from '../../lib/money';
import { PATHS } from '../../lib/paths';
import { it } from '../../i18n/it';
import { orderDate } from './MyOrders';
import { useGetMyOrdersQuery } from './ordersApi';

const t = it.orders;

/** /ricevute/:orderId: a printable receipt of one of the patient's orders (window.print()) */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const orders = useGetMyOrdersQuery();
  const order = orders.data?.find((o) => o.id === orderId);

  if (orders.isLoading) return <Loading label={t.loading} />;
  if (orders.isError) return <Alert variant="danger">{errorMessage(orders.error, t.error)}</Alert>;
  if (!order) {
    return (
      <Alert variant="warning" role="status">
        <p>{t.receiptNotFound}</p>
        <Link to={PATHS.home}>{t.backHome}</Link>
      </Alert>
    );
  }
  return (
    <Card className="app-receipt">
      <Card.Body>
        <h1 className="h3">{t.receiptTitle}</h1>
        <p className="text-body-secondary">
          {it.app.brand} · {t.receiptOrder(order.id)}
        </p>
        <dl className="row mb-4">
          <dt className="col-sm-3">{t.date}</dt>
          <dd className="col-sm-9">{orderDate(order.createdAt)}</dd>
          <dt className="col-sm-3">{t.product}</dt>
          <dd className="col-sm-9">{order.productName}</dd>
          <dt className="col-sm-3">{t.amount}</dt>
          <dd className="col-sm-9">{formatEuro(order.amountCents)}</dd>
          <dt className="col-sm-3">{t.coupon}</dt>
          <dd className="col-sm-9">{order.coupon ?? t.noCoupon}</dd>
          <dt className="col-sm-3">{t.transaction}</dt>
          <dd className="col-sm-9 text-break">{order.transaction}</dd>
        </dl>
        <div className="d-flex gap-2 d-print-none">
          <Button variant="primary" onClick={() => window.print()}>
            {t.print}
          </Button>
          <Link className="btn btn-outline-secondary" to={PATHS.home}>
            {t.backHome}
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
