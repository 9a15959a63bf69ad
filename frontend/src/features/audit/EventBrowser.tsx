import { AUDIT_CATEGORIES, STREAM_PREFIX, type AuditEventDetail, type AuditEventRow } from '@studio/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, ButtonGroup, Col, Form, Row, Table, ToggleButton } from 'react-bootstrap';
import { errorMessage, useGetSessionQuery } from '../../lib/api';
import { useGetDoctorsQuery } from '../../lib/doctorsApi';
import { useAppDispatch } from '../../lib/hooks';
import { AsyncModal, AsyncTabs, InfiniteScroll } from '../../components/ui';
import { DoctorPicker } from '../../components/ui/DoctorPicker';
import * as it from '../../i18n/it';
import { auditApi, useLazyGetAuditEventsQuery, type AuditFilters } from './auditApi';
import { formatInstant, localInputToIso, shortId, shortStream } from './format';
import { PatientField, patientIdOf, usePatientChoices } from './PatientField';
import { groupReads, type ListedEvent } from './groupReads';
import { auditCsv } from './auditCsv';
import { describe, eventLabel, Timeline } from './Timeline';

const EMPTY: AuditFilters = {};

/** the types to filter by, by their Italian names in alphabetical order (no technical name typed) */
const EVENT_TYPE_CHOICES = Object.entries(it.audit.eventTypes).sort(([, a], [, b]) => a.localeCompare(b, 'it'));

/** at most this many events in one export: a filtered list, not the whole log */
export const CSV_EXPORT_LIMIT = 10_000;

function Json({ value }: { value: unknown }) {
  return <pre className="small bg-body-tertiary p-2 rounded mb-0 text-wrap text-break">{JSON.stringify(value, null, 2)}</pre>;
}

/** the events of the log, newest first, one page of 50 at a time as the list scrolls */
export function EventBrowser() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const [rows, setRows] = useState<AuditEventRow[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [opened, setOpened] = useState<AuditEventRow | null>(null);
  const [view, setView] = useState<'table' | 'timeline'>('table');
  const listed = useMemo(() => groupReads(rows), [rows]);
  const [fetchPage, page] = useLazyGetAuditEventsQuery();
  const doctors = useGetDoctorsQuery();
  const session = useGetSessionQuery().data?.user;
  const patients = usePatientChoices();
  /** who caused an event: a name where this viewer may read it (themselves, doctors, patients for the front desk), else the role */
  const who = (userId: string, role: string) => {
    const roleName = it.roles[role as keyof typeof it.roles] ?? role;
    if (userId === session?.id) return `${it.audit.you} (${roleName})`;
    // the auditor's patient choices are short codes, not names: a patient reads as role and code
    const name = doctors.data?.find((d) => d.id === userId)?.name ?? (session?.role === 'admin' ? patients.find((p) => p.id === userId)?.name : undefined);
    return name ? `${name} (${roleName})` : `${roleName} ${shortId(userId)}`;
  };
  const dispatch = useAppDispatch();

  const load = useCallback(
    async (current: AuditFilters, after: number | null) => {
      const result = await fetchPage({ filters: current, after })
        .unwrap()
        .catch(() => null);
      if (!result) return;
      setRows((prev) => (after ? [...prev, ...result.events] : result.events));
      setNext(result.next);
      setDone(result.next === null);
    },
    [fetchPage],
  );

  useEffect(() => {
    setRows([]);
    setNext(null);
    setDone(false);
    void load(filters, null);
  }, [filters, load]);

  const apply = (f: AuditFilters) => {
    setDraft(f);
    setFilters(f);
  };
  const field = (key: keyof AuditFilters) => ({
    value: draft[key] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      const all: AuditEventRow[] = [];
      let after: number | null = null;
      do {
        const result: { events: AuditEventRow[]; next: number | null } = await dispatch(
          auditApi.endpoints.getAuditEvents.initiate({ filters, after }, { subscribe: false }),
        ).unwrap();
        all.push(...result.events);
        after = result.next;
      } while (after !== null && all.length < CSV_EXPORT_LIMIT);
      const csv = auditCsv(all.slice(0, CSV_EXPORT_LIMIT), who);
      const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'storico.csv';
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };

  const loadDetail = (position: number) => dispatch(auditApi.endpoints.getAuditEvent.initiate(position, { subscribe: false })).unwrap();
  const loadChain = (correlation: string) => dispatch(auditApi.endpoints.getAuditEvents.initiate({ filters: { correlation } }, { subscribe: false })).unwrap();

  return (
    <section aria-labelledby="audit-events-heading">
      <h2 id="audit-events-heading" className="h5">
        {it.audit.filters}
      </h2>
      <Form
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          apply({
            ...draft,
            patient: draft.patient ? patientIdOf(draft.patient, patients) : draft.patient,
            from: localInputToIso(draft.from ?? ''),
            to: localInputToIso(draft.to ?? ''),
          });
        }}
      >
        <Row className="g-2">
          <Col sm={6} lg={3}>
            <Form.Group controlId="audit-category">
              <Form.Label>{it.audit.category}</Form.Label>
              <Form.Select {...field('category')}>
                <option value="">{it.audit.anyCategory}</option>
                {Object.keys(AUDIT_CATEGORIES).map((c) => (
                  <option key={c} value={c}>
                    {it.audit.categories[c] ?? c}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6} lg={3}>
            <DoctorPicker
              id="audit-doctor"
              label={it.audit.doctor}
              placeholder={it.audit.anyDoctor}
              doctors={doctors.data}
              value={draft.doctor ?? ''}
              onChange={(doctor) => setDraft({ ...draft, doctor })}
            />
          </Col>
          <Col sm={6} lg={3}>
            <PatientField id="audit-patient" value={draft.patient ?? ''} onChange={(text) => setDraft({ ...draft, patient: text })} />
          </Col>
          <Col sm={6} lg={3}>
            <Form.Group controlId="audit-type">
              <Form.Label>{it.audit.type}</Form.Label>
              <Form.Select {...field('type')}>
                <option value="">{it.audit.anyType}</option>
                {EVENT_TYPE_CHOICES.map(([type, label]) => (
                  <option key={type} value={type}>
                    {label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6} lg={3}>
            <Form.Group controlId="audit-stream">
              <Form.Label>{it.audit.stream}</Form.Label>
              <Form.Control {...field('stream')} />
            </Form.Group>
          </Col>
          <Col sm={6} lg={3}>
            <Form.Group controlId="audit-from">
              <Form.Label>{it.audit.from}</Form.Label>
              <Form.Control type="datetime-local" step={1} {...field('from')} />
            </Form.Group>
          </Col>
          <Col sm={6} lg={3}>
            <Form.Group controlId="audit-to">
              <Form.Label>{it.audit.to}</Form.Label>
              <Form.Control type="datetime-local" step={1} {...field('to')} />
            </Form.Group>
          </Col>
          <Col sm={6} lg={3}>
            <Form.Group controlId="audit-correlation">
              <Form.Label>{it.audit.correlation}</Form.Label>
              <Form.Control {...field('correlation')} />
            </Form.Group>
          </Col>
        </Row>
        <div className="d-flex gap-2 mt-2">
          <Button type="submit">{it.audit.apply}</Button>
          <Button variant="outline-secondary" onClick={() => apply(EMPTY)}>
            {it.audit.reset}
          </Button>
          <Button variant="outline-primary" className="ms-auto" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? it.audit.exporting : it.audit.exportCsv}
          </Button>
        </div>
      </Form>

      <ButtonGroup aria-label={it.audit.view} className="mb-2">
        {(['table', 'timeline'] as const).map((v) => (
          <ToggleButton
            key={v}
            id={`audit-view-${v}`}
            type="radio"
            variant="outline-primary"
            name="audit-view"
            value={v}
            checked={view === v}
            onChange={() => setView(v)}
          >
            {v === 'table' ? it.audit.viewTable : it.audit.viewTimeline}
          </ToggleButton>
        ))}
      </ButtonGroup>
      {exportFailed && <Alert variant="danger">{it.audit.exportError}</Alert>}
      {page.isError && <Alert variant="danger">{errorMessage(page.error, it.audit.loadError)}</Alert>}
      {done && rows.length === 0 && <Alert variant="info">{it.audit.empty}</Alert>}
      {view === 'timeline' && (
        <InfiniteScroll hasMore={!done && next !== null} loading={page.isFetching} loadMore={() => void load(filters, next)}>
          <Timeline events={listed} who={who} onOpen={setOpened} />
        </InfiniteScroll>
      )}
      {view === 'table' && (
        <Table responsive size="sm" hover className="align-middle audit-events">
          <caption className="visually-hidden">{it.audit.title}</caption>
          <thead>
            <tr>
              <th>{it.audit.time}</th>
              <th>{it.audit.stream}</th>
              <th>{it.audit.type}</th>
              <th>{it.audit.who}</th>
              <th>{it.audit.correlation}</th>
              <th>{it.audit.causation}</th>
            </tr>
          </thead>
          <tbody>
            <InfiniteScroll as="tr" hasMore={!done && next !== null} loading={page.isFetching} loadMore={() => void load(filters, next)}>
              {listed.map((r: ListedEvent) => (
                <tr key={r.position} data-testid="audit-event-row" data-type={r.type}>
                  <td>{r.count > 1 ? it.audit.readsBetween(formatInstant(r.firstAt), formatInstant(r.at)) : formatInstant(r.at)}</td>
                  <td className="small text-break" title={it.audit.streamFull(r.stream)}>
                    {shortStream(r.stream)}
                  </td>
                  <td>
                    <Button variant="link" size="sm" className="p-0 text-start" onClick={() => setOpened(r)}>
                      <span className="visually-hidden">{it.audit.open} </span>
                      {eventLabel(r)}
                      <span className="d-block small text-body-secondary">
                        {r.type} <span className="visually-hidden">{it.audit.openNumber(r.position)}</span>
                      </span>
                    </Button>
                  </td>
                  <td className="small">{who(r.userId, r.role)}</td>
                  <td className="small">
                    <Button variant="link" size="sm" className="p-0" title={it.audit.followChain} onClick={() => apply({ correlation: r.correlationId })}>
                      {shortId(r.correlationId)}
                    </Button>
                  </td>
                  <td className="small">{shortId(r.causationId)}</td>
                </tr>
              ))}
            </InfiniteScroll>
          </tbody>
        </Table>
      )}

      {opened && (
        <AsyncModal<AuditEventDetail>
          key={opened.position}
          show
          size="lg"
          onHide={() => setOpened(null)}
          title={it.audit.detailTitle(describe(opened.type), opened.type, opened.position)}
          load={() => loadDetail(opened.position)}
        >
          {(detail) => (
            <>
              <p className="small text-body-secondary">{detail.decrypted ? it.audit.decryptedNote : it.audit.sealedNote}</p>
              {detail.stream.startsWith(STREAM_PREFIX.booking) && (
                <Button
                  size="sm"
                  variant="outline-primary"
                  className="mb-2"
                  onClick={() => {
                    setOpened(null);
                    setView('timeline');
                    apply({ stream: detail.stream });
                  }}
                >
                  {it.audit.bookingTimeline}
                </Button>
              )}
              <AsyncTabs
                id="audit-event-tabs"
                tabs={[
                  { eventKey: 'data', title: it.audit.data, load: async () => detail.data, render: (data) => <Json value={data} /> },
                  { eventKey: 'metadata', title: it.audit.metadata, load: async () => detail.metadata, render: (m) => <Json value={m} /> },
                  {
                    eventKey: 'chain',
                    title: it.audit.chain,
                    keepContents: true,
                    load: () => loadChain(detail.correlationId),
                    render: (chain: { events: AuditEventRow[] }) => (
                      <>
                        <ol className="small" data-testid="audit-chain">
                          {[...chain.events].reverse().map((e) => (
                            <li key={e.position}>
                              {formatInstant(e.at)} — <strong>{describe(e.type)}</strong>{' '}
                              <span className="text-body-secondary">
                                ({e.type}, {shortStream(e.stream)})
                              </span>
                            </li>
                          ))}
                        </ol>
                        <Button
                          size="sm"
                          variant="outline-primary"
                          onClick={() => {
                            setOpened(null);
                            apply({ correlation: detail.correlationId });
                          }}
                        >
                          {it.audit.followChain}
                        </Button>
                      </>
                    ),
                  },
                ]}
              />
            </>
          )}
        </AsyncModal>
      )}
    </section>
  );
}
