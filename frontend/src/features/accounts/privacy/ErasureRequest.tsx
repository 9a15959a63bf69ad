import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import * as it from '../../../i18n/it';
import { useGetErasureInfoQuery, useRequestErasureMutation } from './erasureApi';

const t = it.erasure;
const day = (iso: string) => new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/**
 * /home for a patient: asking for the erasure of their data, told first what stays and why (the statement comes from the
 * server, the same words the API answers with): their receipts and credit notes, under a separate fiscal key, for the
 * legal 10 years, each listed with the date until which it is kept.
 */
export function ErasureRequest() {
  const info = useGetErasureInfoQuery();
  const [request, requested] = useRequestErasureMutation();
  const [confirmed, setConfirmed] = useState(false);
  if (!info.data) return null;
  const { statement, documents, requestedAt } = info.data;
  return (
    <section aria-labelledby="erasure-title" className="mt-4">
      <h2 className="h4" id="erasure-title">
        {t.title}
      </h2>
      {/* the legal statement, folded: on /home it would fill half the page; the checkbox below says it was read */}
      <details className="mb-2" data-testid="erasure-statement">
        <summary className="small py-2" style={{ minHeight: '2.75rem' }}>
          {t.statementSummary}
        </summary>
        {statement.map((p) => (
          <p key={p} className="small mt-2">
            {p}
          </p>
        ))}
      </details>
      {documents.length > 0 ? (
        <>
          <h3 className="h6">{t.keptTitle}</h3>
          <ul className="small" data-testid="erasure-kept">
            {documents.map((d) => (
              <li key={`${d.kind}-${d.label}-${d.doctorName}`}>
                {t.kept(d.kind === 'receipt' ? t.receipt : t.creditNote, d.label, d.doctorName, day(d.keptUntil))}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="small">{t.nothingKept}</p>
      )}
      {requestedAt ? (
        <Alert variant="info" role="status">
          {t.requested(day(requestedAt))}
        </Alert>
      ) : (
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed) void request();
          }}
        >
          <Form.Check id="erasure-confirm" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} label={t.confirm} />
          {requested.isError && (
            <Alert variant="danger" className="mt-2">
              {errorMessage(requested.error, t.failed)}
            </Alert>
          )}
          <Button type="submit" variant="outline-danger" className="mt-2" disabled={!confirmed || requested.isLoading}>
            {t.submit}
          </Button>
        </Form>
      )}
    </section>
  );
}
