import { Link } from 'react-router-dom';
import { allergyLabel, type AllergyEntry } from '@studio/contracts';
import { QuerySection } from '../../../components/ui/QuerySection';
import { formatDay, formatSlotDay, formatSlotTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/pageTitle';
import * as it from '../../../i18n/it';
import { ageOn, patientPath, useGetPatientQuery } from './patientsApi';

const t = it.patients;

/**
 * The head of every patient screen: who the patient is (name, age, contacts), what to keep in mind (allergies and
 * intolerances as the record has them) and when they come next, with the links to their other screens. The page's
 * title is the patient's name.
 */
export function PatientHeader({ patientId, allergies, current }: { patientId: string; allergies?: readonly AllergyEntry[]; current: 'record' | 'diet' }) {
  const patient = useGetPatientQuery(patientId);
  const name = patient.data ? `${patient.data.name} ${patient.data.surname}`.trim() : '';
  const screen = current === 'record' ? it.clinical.titleFallback : it.titles.diets;
  usePageTitle(name ? `${screen}: ${name}` : screen);
  return (
    <QuerySection query={patient} loadingLabel={t.headerLoading} errorText={t.headerError}>
      {(p) => (
        <header className="app-patient-header mb-3" data-testid="patient-header">
          <h1 className="h3 mb-1">{name}</h1>
          <p className="mb-1 text-body-secondary">
            {p.birthDate ? `${t.age(ageOn(p.birthDate, new Date()))} · ${formatDay(p.birthDate)}` : null}
            {p.birthDate && (p.phone || p.email) ? ' · ' : null}
            {p.phone && <a href={`tel:${p.phone}`}>{p.phone}</a>}
            {p.phone && p.email ? ' · ' : null}
            {p.email && <a href={`mailto:${p.email}`}>{p.email}</a>}
          </p>
          {allergies && (
            <p className="mb-1">
              <strong>{t.allergies}:</strong> {allergies.length ? allergies.map(allergyLabel).join(', ') : t.noAllergies}
            </p>
          )}
          <p className="mb-2">
            <strong>{t.nextVisit}:</strong> {p.nextVisit ? `${formatSlotDay(p.nextVisit)}, ${formatSlotTime(p.nextVisit)}` : t.noVisit}
          </p>
          <nav aria-label={t.name} className="d-flex flex-wrap gap-2">
            {current !== 'record' && (
              <Link className="btn btn-outline-secondary btn-sm" to={patientPath(p.id)}>
                {t.record}
              </Link>
            )}
            {current !== 'diet' && current !== 'record' && (
              <Link className="btn btn-outline-secondary btn-sm" to={`/diete/${encodeURIComponent(p.id)}`}>
                {t.diet}
              </Link>
            )}
            <Link className="btn btn-outline-secondary btn-sm" to={`/messaggi/${encodeURIComponent(p.id)}`}>
              {it.clinical.messagesLink}
            </Link>
            {p.nextVisit && (
              <Link className="btn btn-outline-secondary btn-sm" to={`/agenda?day=${p.nextVisit.slice(0, 10)}&view=day`}>
                {t.bookings}
              </Link>
            )}
          </nav>
        </header>
      )}
    </QuerySection>
  );
}
