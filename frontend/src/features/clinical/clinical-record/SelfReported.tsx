import { Alert, Button } from 'react-bootstrap';
import type { SelfMeasurementView } from '@studio/contracts';
import { errorMessage } from '../../../lib/api';
import { formatDay, formatNumber } from '../../../lib/format';
import * as it from '../../../i18n/it';
import { useAcceptSelfMeasurementMutation } from './clinicalRecordApi';

const t = it.selfMeasurements;
const c = it.clinical;

/** the weights the patient measured at home: listed apart, each taken into the record only when the doctor accepts it */
export function SelfReported({ patientId, measures }: { patientId: string; measures: SelfMeasurementView[] }) {
  const [accept, state] = useAcceptSelfMeasurementMutation();
  if (measures.length === 0) return null;
  return (
    <div className="mb-3">
      <h3 className="h6">{t.title}</h3>
      <p className="small mb-1">{t.note}</p>
      {state.isError && <Alert variant="danger">{errorMessage(state.error, t.acceptError)}</Alert>}
      <ul className="list-unstyled mb-0">
        {measures.map((m) => (
          <li key={m.id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <span aria-hidden="true" style={{ color: 'var(--bs-warning)' }}>
              ◆
            </span>
            <span className="me-auto">
              {formatDay(m.date)}: {formatNumber(m.weightKg)} kg{m.waistCm ? `, ${c.measures.waistCm} ${formatNumber(m.waistCm)}` : ''}
            </span>
            {m.acceptedAs ? (
              <span className="small text-body-secondary">{t.accepted}</span>
            ) : (
              <Button
                size="sm"
                variant="outline-primary"
                aria-label={t.accept(formatDay(m.date))}
                disabled={state.isLoading}
                onClick={() => void accept({ patientId, measurementId: m.id })}
              >
                {t.acceptShort}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
