import { Alert } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../../components/ui/Loading';
import { errorMessage } from '../../../lib/api';
import { PatientHeader } from '../patients/PatientHeader';
import { recordPaths, useGetRecordQuery } from './clinicalRecordApi';
import { RecordForm } from './RecordForm';
import { ProposedAllergies } from './ProposedAllergies';
import { Measurements } from './Measurements';
import { Energy } from './Energy';
import { Targets } from './Targets';
import { Notes } from './Notes';
import { Labs } from './Labs';
import { Attachments } from './Attachments';
import * as it from '../../../i18n/it';

const t = it.clinical;

/** /pazienti/:patientId: the clinical record of a patient the doctor treats */
export function ClinicalRecordPage() {
  const { patientId = '' } = useParams();
  const record = useGetRecordQuery(patientId);
  if (record.isLoading) return <Loading label={t.loading} />;
  if (record.isError || !record.data) return <Alert variant="danger">{errorMessage(record.error, t.loadError)}</Alert>;
  const view = record.data;
  return (
    <div className="clinical-record">
      <PatientHeader patientId={patientId} allergies={view.record?.allergies ?? []} current="record" />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h4 me-auto mb-0">{t.titleFallback}</h2>
        <a className="btn btn-outline-primary" href={recordPaths.report(patientId)} target="_blank" rel="noreferrer">
          {t.report}
        </a>
        <Link className="btn btn-outline-primary" to={`/pazienti/${encodeURIComponent(patientId)}/diario`}>
          {t.diaryLink}
        </Link>
        <Link className="btn btn-primary" to={`/diete/${encodeURIComponent(patientId)}`}>
          {t.dietLink}
        </Link>
      </div>
      <ProposedAllergies patientId={patientId} view={view} />
      <RecordForm patientId={patientId} view={view} />
      <Measurements patientId={patientId} view={view} />
      <Energy patientId={patientId} view={view} />
      <Targets patientId={patientId} />
      <Notes patientId={patientId} view={view} />
      <Labs patientId={patientId} view={view} />
      <Attachments patientId={patientId} view={view} />
    </div>
  );
}
