import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import * as it from '../../i18n/it';
import { errorMessage } from '../../lib/api';
import { Loading } from './Loading';

/** what a screen needs of an RTK Query result */
export interface QueryState<T> {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  data?: T;
  refetch: () => unknown;
}

export interface QueryErrorProps {
  error: unknown;
  /** said when the server's answer carries no Italian message of its own */
  fallback: string;
  /** absent: the message alone, for a read that comes again by itself (the next choice, the live updates) */
  onRetry?: () => unknown;
  /** 'warning' for a read whose failure leaves the rest of the screen usable */
  variant?: 'danger' | 'warning';
}

/** a failed read: the server's message (or the fallback) as an alert, and "Riprova" */
export function QueryError({ error, fallback, onRetry, variant = 'danger' }: QueryErrorProps) {
  if (!onRetry) return <Alert variant={variant}>{errorMessage(error, fallback)}</Alert>;
  return (
    <Alert variant={variant} className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{errorMessage(error, fallback)}</span>
      <Button variant={variant === 'danger' ? 'outline-danger' : 'outline-secondary'} size="sm" onClick={() => void onRetry()}>
        {it.app.retry}
      </Button>
    </Alert>
  );
}

export interface QuerySectionProps<T> {
  query: QueryState<T>;
  /** the spinner's text for screen readers (default "Caricamento…") */
  loadingLabel?: string;
  /** replaces the spinner */
  loading?: ReactNode;
  /** the fallback message of a failed read */
  errorText: string;
  errorVariant?: QueryErrorProps['variant'];
  /** false: the error without "Riprova" */
  retry?: boolean;
  /** shown instead of the content when the data is an empty list (or `isEmpty` says so) */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** the content, once there is data that is not empty */
  children?: (data: T) => ReactNode;
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * One read's states in one place, as RTK Query gives them: a spinner (role=status) while loading, the error
 * with "Riprova" (an alert), then the empty text or the content; after a failed refetch the data already
 * shown stays under the error.
 */
export function QuerySection<T>({
  query,
  loadingLabel,
  loading,
  errorText,
  errorVariant,
  retry = true,
  empty,
  isEmpty = emptyList,
  children,
}: QuerySectionProps<T>) {
  const { data } = query;
  return (
    <>
      {query.isLoading && (loading ?? <Loading label={loadingLabel} />)}
      {query.isError && <QueryError error={query.error} fallback={errorText} onRetry={retry ? query.refetch : undefined} variant={errorVariant} />}
      {data !== undefined && (isEmpty(data) ? empty : children?.(data))}
    </>
  );
}
