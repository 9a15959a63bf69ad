import { formatDay, formatGrams, formatPercent, formatSlotDay, formatSlotTime } from '../../../lib/format';
import { matchesPerson, namesakes } from '../../../lib/people';
import { usePageTitle } from '../../../lib/pageTitle';
import type { DietView } from '@studio/contracts';
import { useState, useMemo } from 'react';
import { Alert, Badge, Button, Form, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useGetSessionQuery } from '../../../lib/api';
import { AsyncPopover, InfiniteScroll } from '../../../components/ui';
import { QuerySection } from '../../../components/ui/QuerySection';
import * as it from '../../../i18n/it';
import { useGetDietPatientsQuery, useSavedDietLoader } from './dietApi';
import { DIETS_PATH } from './DietEditorPage';

const t = it.diet;
/** patients shown at first, and added each time the end of the list comes near */
const PAGE = 20;

/** /diete: the patients whose diet the doctor (or the front desk) may edit */
export function DietPatientsPage() {
  usePageTitle(it.titles.diets);
  const patients = useGetDietPatientsQuery();
  const loadSaved = useSavedDietLoader();
  const [shown, setShown] = useState(PAGE);
  const [search, setSearch] = useState('');
  const found = useMemo(() => (patients.data ?? []).filter((p) => matchesPerson(search, p)), [patients.data, search]);
  const total = found.length;
  const same = useMemo(() => namesakes(patients.data ?? []), [patients.data]);
  const isDoctor = useGetSessionQuery().data?.user?.role === 'doctor';
  return (
    <div>
      <h1 className="h3">{t.patientsTitle}</h1>
      <p className="text-body-secondary small">{t.patientsIntro}</p>
      <QuerySection query={patients} loadingLabel={t.patientsLoading} errorText={t.patientsError} />
      {patients.data?.length === 0 && <Alert variant="info">{t.noPatients}</Alert>}
      {patients.data && patients.data.length > 0 && (
        <Form.Group controlId="diet-patient-search" className="mb-3">
          <Form.Label>{it.patientSearch.label}</Form.Label>
          <Form.Control
            type="search"
            value={search}
            autoComplete="off"
            aria-describedby="diet-patient-search-hint"
            onChange={(e) => (setSearch(e.target.value), setShown(PAGE))}
          />
          <Form.Text id="diet-patient-search-hint">{it.patientSearch.hint}</Form.Text>
          <p role="status" className="small mb-0 mt-1">
            {search.trim() ? (total ? it.patientSearch.found(total, patients.data.length) : it.patientSearch.none) : ''}
          </p>
        </Form.Group>
      )}
      {total > 0 && (
        <InfiniteScroll hasMore={shown < total} loading={false} loadMore={() => setShown((n) => n + PAGE)}>
          <ListGroup as="ul">
            {found.slice(0, shown).map((p) => (
              <ListGroup.Item as="li" key={p.id} className="d-flex flex-wrap align-items-center gap-2">
                <span className="me-auto">
                  {p.name}
                  <span className="d-block small text-body-secondary">
                    {/* name, birth date and next visit tell two patients apart: never an internal id */}
                    {p.birthDate ? t.bornOn(formatDay(p.birthDate)) : same.has(p.id) ? t.namesakeNoBirthDate : t.noBirthDate}
                    {' · '}
                    {p.nextVisit ? t.nextVisit(`${formatSlotDay(p.nextVisit)} ${formatSlotTime(p.nextVisit)}`) : t.noNextVisit}
                  </span>
                </span>
                {p.hasDiet ? (
                  <AsyncPopover<DietView>
                    id={`diet-summary-${p.id}`}
                    title={t.summaryTitle}
                    load={() => loadSaved(p.id)}
                    render={(diet) => (
                      <>
                        <p className="mb-1 fw-semibold">{t.summaryKcal(diet.summary.kcal)}</p>
                        <p className="mb-0 small">
                          {t.macroName.protein} {t.macroRow(formatGrams(diet.summary.protein), formatPercent(diet.summary.split.protein))};{' '}
                          {t.macroName.carbohydrate} {t.macroRow(formatGrams(diet.summary.carbohydrate), formatPercent(diet.summary.split.carbohydrate))};{' '}
                          {t.macroName.fat} {t.macroRow(formatGrams(diet.summary.fat), formatPercent(diet.summary.split.fat))}
                        </p>
                      </>
                    )}
                  >
                    <Button size="sm" variant="success">
                      {t.hasDiet}
                    </Button>
                  </AsyncPopover>
                ) : (
                  <Badge bg="secondary">{t.noDiet}</Badge>
                )}
                {isDoctor && (
                  <Link className="btn btn-sm btn-outline-primary" to={`/pazienti/${p.id}`}>
                    {t.record}
                  </Link>
                )}
                <Link className="btn btn-sm btn-primary" to={`${DIETS_PATH}/${p.id}`}>
                  {t.open}
                </Link>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </InfiniteScroll>
      )}
    </div>
  );
}
