import type { ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import * as it from '../../i18n/it';
import type { AsyncContent } from './useAsyncContent';

/** a spinner while loading; the content once loaded; nothing on failure (only the after-fetch flag) */
export function AsyncContentView<T>({ content, children }: { content: AsyncContent<T>; children: (data: T) => ReactNode }) {
  if (content.status === 'loading') {
    return (
      <Spinner animation="border" size="sm" role="status">
        <span className="visually-hidden">{it.ui.loading}</span>
      </Spinner>
    );
  }
  if (content.status === 'loaded') return <>{children(content.data)}</>;
  return null;
}
