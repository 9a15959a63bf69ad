import { Badge } from 'react-bootstrap';
import { useAppSelector } from '../../../lib/hooks';
import * as it from '../../../i18n/it';
import { selectLiveStatus } from './availabilitySlice';

const VARIANT = { connecting: 'secondary', online: 'success', offline: 'danger' } as const;

/** the state of the live updates, announced politely */
export function LiveStatus() {
  const status = useAppSelector(selectLiveStatus);
  return (
    <p className="small mb-2 app-live-status" role="status" aria-live="polite">
      <Badge bg={VARIANT[status]} pill className="me-2 app-live-dot" aria-hidden="true">
        {' '}
      </Badge>
      {it.availability.live[status]}
    </p>
  );
}
