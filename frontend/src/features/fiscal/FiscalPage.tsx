import type { FiscalDocumentView, FiscalProfileInput } from '@studio/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { Accordion, Alert, Button, Form, Table } from 'react-bootstrap';
import { errorMessage, useGetSessionQuery } from '../../lib/api';
import { useGetDoctorsQuery } from '../../lib/doctorsApi';
import { DoctorPicker } from '../../components/ui/DoctorPicker';
import { Loading } from '../../components/ui/Loading';
import { usePageTitle } from '../../lib/pageTitle';
import { formatEuro } from '../../lib/money';
import { DataTable } from '../../components/ui/DataTable';
import * as it from '../../i18n/it';
import {
  receiptPdfUrl,
  stsExportUrl,
  useGetFiscalDocumentsQuery,
  useGetFiscalProfileQuery,
  useSaveFiscalProfileMutation,
  useGetTakingsQuery,
  takingsUrl,
} from './fiscalApi';
import { QuerySection } from '../../components/ui/QuerySection';

const t = it.fiscal;

/** /fiscale: a doctor's (admin: any doctor's) receipts and credit notes of a year, totals, the Sistema TS file, the fiscal profile */
export function FiscalPage() {
  usePageTitle(it.titles.fiscal);
  const session = useGetSessionQuery();
  const user = session.data?.user;
  const doctors = useGetDoctorsQuery(undefined, { skip: user?.role !== 'admin' });
  const [picked, setPicked] = useState<string | null>(null);
  const doctorId = user?.role === 'doctor' ? user.id : (picked ?? doctors.data?.[0]?.id ?? null);
  const [year, setYear] = useState(new Date().getFullYear());
  const documents = useGetFiscalDocumentsQuery({ doctor: doctorId ?? '', year }, { skip: !doctorId });

  const columns = useMemo<ColumnDef<FiscalDocumentView, any>[]>(
    () => [
      { id: 'number', accessorFn: (d) => (d.kind === 'credit_note' ? 100000 + d.number : d.number), header: t.number, cell: ({ row }) => row.original.label },
      { id: 'kind', accessorFn: (d) => (d.kind === 'receipt' ? t.receipt : t.creditNote), header: t.kind },
      { accessorKey: 'issuedAt', header: t.date, cell: ({ getValue }) => new Date(getValue() as string).toLocaleDateString('it-IT') },
      { accessorKey: 'patientName', header: t.patient },
      { accessorKey: 'amountCents', header: t.amount, cell: ({ getValue }) => formatEuro(getValue() as number) },
      { accessorKey: 'stampDutyCents', header: t.stampDuty, cell: ({ getValue }) => formatEuro(getValue() as number) },
      { accessorKey: 'totalCents', header: t.total, cell: ({ getValue }) => formatEuro(getValue() as number) },
      { id: 'opposition', accessorFn: (d) => (d.stsOpposition ? t.yes : t.no), header: t.opposition },
      {
        id: 'pdf',
        // a named column (axe: empty-table-header), and the label of the link's row on a phone card
        header: t.pdf,
        enableSorting: false,
        cell: ({ row }) => (
          <a href={receiptPdfUrl(row.original.orderId)} target="_blank" rel="noopener" aria-label={`${t.pdf} ${row.original.label}`}>
            {t.pdf}
          </a>
        ),
      },
    ],
    [],
  );

  return (
    <div className="fiscal-page">
      <h1 className="h3">{t.title}</h1>
      <Form className="d-flex flex-wrap gap-3 align-items-end mb-3" onSubmit={(e) => e.preventDefault()}>
        {user?.role === 'admin' && <DoctorPicker id="fiscal-doctor" label={t.doctor} doctors={doctors.data} value={doctorId ?? ''} onChange={setPicked} />}
        <Form.Group controlId="fiscal-year">
          <Form.Label>{t.year}</Form.Label>
          <Form.Control type="number" min={2015} max={2100} value={year} onChange={(e) => setYear(Number(e.target.value) || year)} style={{ width: '8rem' }} />
        </Form.Group>
        {doctorId && documents.data && documents.data.documents.length > 0 && (
          <a className="btn btn-primary" href={stsExportUrl(doctorId, year)} download>
            {t.export}
          </a>
        )}
      </Form>
      <p className="small text-body-secondary">{t.exportHelp}</p>
      {documents.data?.blockedMessage && <Alert variant="warning">{documents.data.blockedMessage}</Alert>}
      <QuerySection query={documents} loadingLabel={t.loading} errorText={t.error} retry={false} />
      {documents.data && (
        <>
          <DataTable
            caption={t.title}
            rows={documents.data.documents}
            columns={columns}
            rowId={(d) => d.id}
            emptyText={t.empty}
            searchable
            initialSorting={[{ id: 'number', desc: false }]}
            testId="fiscal-table"
          />
          <Table size="sm" className="mt-3 w-auto" aria-label={t.totals}>
            <tbody>
              <tr>
                <th scope="row">{t.totals}</th>
                <td>{t.totalsLine(documents.data.totals.receipts, documents.data.totals.creditNotes)}</td>
                <td>
                  {t.amount} {formatEuro(documents.data.totals.amountCents)}
                </td>
                <td>
                  {t.stampDuty} {formatEuro(documents.data.totals.stampDutyCents)}
                </td>
                <td data-testid="fiscal-total">
                  {t.total} {formatEuro(documents.data.totals.totalCents)}
                </td>
              </tr>
            </tbody>
          </Table>
        </>
      )}
      <Takings doctorId={user?.role === 'admin' ? undefined : (doctorId ?? undefined)} />
      {doctorId && (
        <Accordion className="mt-4">
          <Accordion.Item eventKey="profile">
            <Accordion.Header>{t.profileTitle}</Accordion.Header>
            <Accordion.Body>
              <FiscalProfileForm key={doctorId} doctorId={doctorId} />
            </Accordion.Body>
          </Accordion.Item>
        </Accordion>
      )}
    </div>
  );
}

const today = () => new Date().toLocaleDateString('sv-SE');

/** the day's takings per doctor and method (desk payments and PayPal), with CSV and PDF for the practice's books */
function Takings({ doctorId }: { doctorId?: string }) {
  const [day, setDay] = useState(today());
  const takings = useGetTakingsQuery({ day, doctor: doctorId });
  return (
    <section className="mt-4">
      <h2 id="takings-title" className="h5">
        {t.takingsTitle}
      </h2>
      <Form className="d-flex flex-wrap gap-3 align-items-end mb-2" onSubmit={(e) => e.preventDefault()}>
        <Form.Group controlId="takings-day">
          <Form.Label>{t.takingsDay}</Form.Label>
          <Form.Control type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} style={{ width: '11rem' }} />
        </Form.Group>
        <a className="btn btn-outline-secondary" href={takingsUrl(day, 'csv', doctorId)} download>
          {t.takingsCsv}
        </a>
        <a className="btn btn-outline-secondary" href={takingsUrl(day, 'pdf', doctorId)} target="_blank" rel="noopener">
          {t.takingsPdf}
        </a>
      </Form>
      {takings.isError && <Alert variant="danger">{errorMessage(takings.error, t.takingsError)}</Alert>}
      {takings.data && (
        <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="takings-title">
          <Table size="sm" className="w-auto mb-0" aria-label={t.takingsTitle}>
            <thead>
              <tr>
                <th scope="col">{t.doctor}</th>
                <th scope="col">{t.takingsMethod}</th>
                <th scope="col" className="text-end">
                  {t.takingsPayments}
                </th>
                <th scope="col" className="text-end">
                  {t.takingsRefunds}
                </th>
                <th scope="col" className="text-end">
                  {t.takingsNet}
                </th>
              </tr>
            </thead>
            <tbody>
              {takings.data.rows.length === 0 && (
                <tr>
                  <td colSpan={5}>{t.takingsEmpty}</td>
                </tr>
              )}
              {takings.data.rows.map((r) => (
                <tr key={`${r.doctorId}-${r.method}`}>
                  <td>{r.doctorName}</td>
                  <td>{t.methods[r.method]}</td>
                  <td className="text-end">{r.payments}</td>
                  <td className="text-end">{r.refunds}</td>
                  <td className="text-end">{formatEuro(r.netCents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" colSpan={4}>
                  {t.total}
                </th>
                <td className="text-end" data-testid="takings-total">
                  {formatEuro(takings.data.totalCents)}
                </td>
              </tr>
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

const EMPTY: FiscalProfileInput = {
  registeredName: '',
  title: '',
  albo: '',
  taxcode: '',
  vatNumber: '',
  address: '',
  regime: 'ordinario',
  stampDutyToPatient: true,
};

/** the practitioner's fiscal profile: a doctor their own, admin anyone's; the server validates P.IVA and CF */
function FiscalProfileForm({ doctorId }: { doctorId: string }) {
  const profile = useGetFiscalProfileQuery(doctorId);
  const [save, saving] = useSaveFiscalProfileMutation();
  const [draft, setDraft] = useState<FiscalProfileInput | null>(null);
  const [done, setDone] = useState(false);
  if (profile.isLoading) return <Loading label={t.loading} />;
  const value = draft ?? profile.data?.profile ?? EMPTY;
  const set = (patch: Partial<FiscalProfileInput>) => (setDraft({ ...value, ...patch }), setDone(false));
  const text = (name: 'registeredName' | 'title' | 'albo' | 'taxcode' | 'vatNumber' | 'address', label: string) => (
    <Form.Group className="col-12 col-md-6" controlId={`fiscal-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control name={name} value={value[name]} onChange={(e) => set({ [name]: e.target.value })} required />
    </Form.Group>
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await save({ doctorId, profile: value });
    if (!('error' in result)) (setDraft(null), setDone(true));
  };
  return (
    <Form onSubmit={(e) => void submit(e)} className="row g-3">
      {profile.data?.demo && !draft && <Alert variant="info">{t.profileDemo}</Alert>}
      {profile.data?.blockedMessage && <Alert variant="warning">{profile.data.blockedMessage}</Alert>}
      {saving.isError && <Alert variant="danger">{errorMessage(saving.error, t.error)}</Alert>}
      {done && <Alert variant="success">{t.saved}</Alert>}
      {text('registeredName', t.registeredName)}
      {text('title', t.profTitle)}
      {text('albo', t.albo)}
      {text('taxcode', t.taxcode)}
      {text('vatNumber', t.vatNumber)}
      {text('address', t.address)}
      <Form.Group className="col-12 col-md-6" controlId="fiscal-regime">
        <Form.Label>{t.regime}</Form.Label>
        <Form.Select value={value.regime} onChange={(e) => set({ regime: e.target.value as FiscalProfileInput['regime'] })}>
          <option value="ordinario">{t.ordinario}</option>
          <option value="forfettario">{t.forfettario}</option>
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-12 col-md-6 d-flex align-items-end" controlId="fiscal-stamp">
        <Form.Check
          type="checkbox"
          checked={value.stampDutyToPatient}
          onChange={(e) => set({ stampDutyToPatient: e.target.checked })}
          label={t.stampDutyToPatient}
        />
      </Form.Group>
      <div className="col-12">
        <Button type="submit" disabled={saving.isLoading}>
          {t.save}
        </Button>
      </div>
    </Form>
  );
}
