import { Alert, Badge, Button, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../app/api';
import { Loading } from '../../app/Loading';
import { it } from '../../i18n/it';
import { useGetDietPatientsQuery } from './dietApi';
import { DIETS_PATH } from './DietEditorPage';

const t = it.diet;

/** /diete: the patients whose diet the doctor (or the front desk) may edit */
export function DietPatientsPage() {
  const patients = useGetDietPatientsQuery();
  return (
    <div>
      <h1 className="h3">{t.patientsTitle}</h1>
      <p className="text-body-secondary small">{t.patientsIntro}</p>
      {patients.isLoading && <Loading label={t.patientsLoading} />}
      {patients.isError && (
        <Alert variant="danger" className="d-flex align-items-center gap-2">
          <span className="me-auto">{errorMessage(patients.error, t.patientsError)}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void patients.refetch()}>
            {it.app.retry}
          </Button>
        </Alert>
      )}
      {patients.data?.length === 0 && <Alert variant="info">{t.noPatients}</Alert>}
      {patients.data && patients.data.length > 0 && (
        <ListGroup as="ul">
          {patients.data.map((p) => (
            <ListGroup.Item as="li" key={p.id} className="d-flex align-items-center gap-2">
              <span className="me-auto">{p.name}</span>
              <Badge bg={p.hasDiet ? 'success' : 'secondary'}>{p.hasDiet ? t.hasDiet : t.noDiet}</Badge>
              <Link className="btn btn-sm btn-primary" to={`${DIETS_PATH}/${p.id}`}>
                {t.open}
              </Link>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
