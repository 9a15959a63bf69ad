import { useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router-dom';
import { QuerySection } from '../../../components/ui/QuerySection';
import { useGetSessionQuery } from '../../../lib/api';
import { formatDay, formatSlotDay, formatSlotTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/pageTitle';
import { useDebounced } from '../../../lib/useDebounced';
import * as it from '../../../i18n/it';
import { NewPatientDialog } from './NewPatientDialog';
import { patientPath, useGetPatientsQuery } from './patientsApi';

const t = it.patients;
const when = (iso: string | null) => (iso ? `${formatSlotDay(iso)}, ${formatSlotTime(iso)}` : t.noVisit);

/**
 * /pazienti: a doctor their patients (the record's rule), the segreteria all of them, searched by name, codice fiscale
 * or phone (?q=); each row leads to the patient's screens. The segreteria registers a new patient here too.
 */
export function PatientsPage() {
  usePageTitle(t.title);
  const { data: session } = useGetSessionQuery();
  const isAdmin = session?.user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 250);
  const patients = useGetPatientsQuery(q);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState('');
  return (
    <div className="app-patients">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 me-auto mb-0">{t.title}</h1>
        <Button onClick={() => setAdding(true)}>{t.newPatient}</Button>
      </div>
      <p className="small text-body-secondary">{isAdmin ? t.introAdmin : t.intro}</p>
      {created && (
        <Alert variant="success" role="status" dismissible onClose={() => setCreated('')} closeLabel={it.app.dismiss}>
          {t.created(created)}
        </Alert>
      )}
      <Form.Group controlId="patients-search" className="mb-3" style={{ maxWidth: '28rem' }}>
        <Form.Label>{t.search}</Form.Label>
        <Form.Control
          type="search"
          value={search}
          autoComplete="off"
          aria-describedby="patients-search-hint"
          onChange={(e) => (setSearch(e.target.value), setParams(e.target.value ? { q: e.target.value } : {}, { replace: true }))}
        />
        <Form.Text id="patients-search-hint">{t.searchHint}</Form.Text>
      </Form.Group>
      <QuerySection query={patients} loadingLabel={t.loading} errorText={t.error} empty={<p role="status">{q ? t.none : t.empty}</p>}>
        {(list) => (
          <>
            <p role="status" className="small">
              {t.count(list.length)}
            </p>
            <Table responsive hover size="sm" className="app-table-cards">
              <thead>
                <tr>
                  <th scope="col">{t.name}</th>
                  <th scope="col">{t.birthDate}</th>
                  <th scope="col">{t.phone}</th>
                  <th scope="col">{t.nextVisit}</th>
                  <th scope="col">{t.lastVisit}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id} data-patient-id={p.id}>
                    <td data-label={t.name}>
                      {isAdmin ? (
                        `${p.surname} ${p.name}`
                      ) : (
                        <Link to={patientPath(p.id)}>
                          {p.surname} {p.name}
                        </Link>
                      )}
                    </td>
                    <td data-label={t.birthDate}>{p.birthDate ? formatDay(p.birthDate) : '—'}</td>
                    <td data-label={t.phone}>{p.phone ? <a href={`tel:${p.phone}`}>{p.phone}</a> : '—'}</td>
                    <td data-label={t.nextVisit}>{when(p.nextVisit)}</td>
                    <td data-label={t.lastVisit}>{when(p.lastVisit)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </QuerySection>
      {adding && <NewPatientDialog onClose={() => setAdding(false)} onCreated={(p) => (setAdding(false), setCreated(p.name))} />}
    </div>
  );
}
