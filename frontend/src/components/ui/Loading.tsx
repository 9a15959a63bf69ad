import { Spinner } from 'react-bootstrap';
import * as it from '../../i18n/it';

/** a spinner whose text is read by screen readers */
export function Loading({ label = it.app.loading, className = 'my-4' }: { label?: string; className?: string }) {
  return (
    <div className={`d-flex justify-content-center ${className}`}>
      <Spinner animation="border" role="status" variant="primary">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}
