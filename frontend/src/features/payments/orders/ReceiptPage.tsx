import type { ReceiptDocumentPage } from '@studio/contracts';
import { usePageTitle } from '../../../lib/pageTitle';
import './receipt.css';
import { Alert, Button, Card, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { Loading } from '../../../components/ui/Loading';
import { PATHS } from '../../../lib/paths';
import * as it from '../../../i18n/it';
import { useEffect } from 'react';
import { useGetMyOrdersQuery, useGetMyReceiptsQuery, useGetReceiptQuery } from './myOrdersApi';

const t = it.orders;

/** one page of the document (the receipt, or its credit note), in the PDF's order: title and date, patient, lines, wording */
function DocumentPage({ page }: { page: ReceiptDocumentPage }) {
  return (
    <section className="app-receipt-page mb-4" data-testid={`receipt-page-${page.kind}`} aria-labelledby={`receipt-${page.kind}-title`}>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h2 className="h4 mb-2" id={`receipt-${page.kind}-title`}>
          {page.title}
        </h2>
        <p className="mb-2">{page.date}</p>
      </div>
      {page.intro && <p>{page.intro}</p>}
      <div className="border rounded p-2 mb-3">
        <p className="fw-semibold mb-1">{page.patientHeading}</p>
        {page.patient.map((line) => (
          <p className="mb-0" key={line}>
            {line}
          </p>
        ))}
      </div>
      <Table size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">{page.columns[0]}</th>
            <th scope="col" className="text-end">
              {page.columns[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.lines.map((line) => (
            <tr key={line.label} className={line.total ? 'fw-bold' : undefined}>
              <td>{line.label}</td>
              <td className="text-end text-nowrap">{line.amount ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {page.paragraphs.map((p) => (
        <div key={p.heading} className="mb-2">
          <h3 className="h6 mb-1">{p.heading}</h3>
          <p className="small mb-0">{p.text}</p>
        </div>
      ))}
    </section>
  );
}

/**
 * /ricevute/:orderId: the fiscal receipt of one of the patient's payments (and its credit note), as the PDF has it: the
 * server builds both from one content (GET /api/orders/:id/receipt), so the page and the PDF never disagree. Printable
 * (window.print()), with the PDF a click away.
 */
export function ReceiptPage() {
  usePageTitle(it.titles.receipt);
  const { orderId = '' } = useParams();
  const orders = useGetMyOrdersQuery();
  // the receipt is numbered just after the payment: the document is asked for once it exists (no 404 meanwhile)
  const receipts = useGetMyReceiptsQuery();
  const issued = receipts.data?.some((r) => r.orderId === orderId) ?? false;
  const receipt = useGetReceiptQuery(orderId, { skip: !issued });
  const paid = orders.data?.find((o) => o.id === orderId && o.status !== 'failed');
  const waiting = !!paid && receipts.isSuccess && !issued;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void receipts.refetch(), 1500);
    return () => clearTimeout(timer);
  }, [waiting, receipts]);

  const heading = <h1 className="h5 text-body-secondary d-print-none">{t.receiptTitle}</h1>;
  if (orders.isLoading || receipts.isLoading || receipt.isLoading) return <Loading label={t.receiptLoading} />;
  if (waiting) {
    return (
      <>
        {heading}
        <Alert variant="info" role="status">
          <p>{t.fiscalReceiptPending}</p>
          <Link to={PATHS.home}>{t.backHome}</Link>
        </Alert>
      </>
    );
  }
  if (!paid || orders.isError || receipts.isError || receipt.isError || !receipt.data) {
    return (
      <>
        {heading}
        <Alert variant="warning" role="status">
          <p>{receipt.isError ? errorMessage(receipt.error, t.receiptNotFound) : t.receiptNotFound}</p>
          <Link to={PATHS.home}>{t.backHome}</Link>
        </Alert>
      </>
    );
  }
  const doc = receipt.data;
  return (
    <Card className="app-receipt">
      <Card.Body>
        {heading}
        <div className="rounded p-3 mb-3 text-white app-receipt-band">
          <p className="h5 mb-1">{doc.practice.name}</p>
          <p className="small mb-0">{doc.practice.details}</p>
        </div>
        <div className="mb-3">
          <p className="fw-semibold mb-1">{doc.issuer.name}</p>
          {doc.issuer.lines.map((line) => (
            <p className="small mb-0 app-receipt-pre" key={line}>
              {line}
            </p>
          ))}
        </div>
        {doc.pages.map((page) => (
          <DocumentPage key={page.kind} page={page} />
        ))}
        <div className="d-flex flex-wrap gap-2 d-print-none">
          <Button variant="primary" onClick={() => window.print()}>
            {t.print}
          </Button>
          <a className="btn btn-outline-primary" href={doc.pdfUrl} target="_blank" rel="noopener">
            {t.receiptPdf}
          </a>
          <Link className="btn btn-outline-secondary" to={PATHS.home}>
            {t.backHome}
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
