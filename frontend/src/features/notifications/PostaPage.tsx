import { Accordion, Badge, Card } from 'react-bootstrap';
import { EmailAddress } from '../../components/ui/EmailAddress';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import * as it from '../../i18n/it';
import { useGetLocalMailQuery } from './postaApi';
import { QuerySection } from '../../components/ui/QuerySection';

const t = it.posta;

/** /posta (admin): what the app would have sent, kept locally because SMTP_URL is not set */
export function PostaPage() {
  usePageTitle(it.titles.posta);
  const mail = useGetLocalMailQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 10_000 });
  return (
    <Card>
      <Card.Body>
        <h1 className="h3">{t.title}</h1>
        <p>{t.intro}</p>
        <QuerySection query={mail} loadingLabel={t.loading} errorText={t.error} errorVariant="warning" />
        {mail.data && mail.data.length === 0 && <p>{t.empty}</p>}
        {mail.data && mail.data.length > 0 && (
          <Accordion alwaysOpen>
            {mail.data.map((m) => (
              <Accordion.Item eventKey={m.id} key={m.id} data-mail-to={m.to}>
                <Accordion.Header>
                  <span className="me-2 text-break">{m.subject}</span>
                  {/* long addresses wrap on a phone after the @ or before a dot, never mid-word */}
                  <Badge bg="secondary" className="me-2 text-wrap text-start">
                    <EmailAddress address={m.to} />
                  </Badge>
                  <small className="text-body-secondary">{formatDateTime(m.at)}</small>
                </Accordion.Header>
                <Accordion.Body>
                  <dl className="row small mb-2">
                    <dt className="col-sm-2">{t.to}</dt>
                    <dd className="col-sm-10">
                      <EmailAddress address={m.to} />
                    </dd>
                    <dt className="col-sm-2">{t.subject}</dt>
                    <dd className="col-sm-10">{m.subject}</dd>
                  </dl>
                  <pre className="border rounded p-2 bg-body-tertiary text-break" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.text}
                  </pre>
                  {m.attachments.length > 0 && (
                    <p className="mb-0">
                      {t.attachments}{' '}
                      {m.attachments.map((a) => (
                        <a
                          key={a.filename}
                          className="me-2"
                          download={a.filename}
                          href={`data:${a.contentType.split(';')[0]};charset=utf-8,${encodeURIComponent(a.content)}`}
                        >
                          {a.filename}
                        </a>
                      ))}
                    </p>
                  )}
                </Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Card.Body>
    </Card>
  );
}
