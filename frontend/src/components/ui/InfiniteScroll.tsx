import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import * as it from '../../i18n/it';

/** the next page loads when the pagination area comes within 200 px of the viewport */
export const INFINITE_SCROLL_MARGIN_PX = 200;

export interface InfiniteScrollProps {
  children: ReactNode;
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
  /** for tables: render the pagination area as a row, etc.; default a div */
  as?: 'div' | 'tr';
}

/**
 * A list that asks for its next page when its pagination area (the element after the items)
 * comes within 200 px of the viewport. One request at a time: nothing is asked while loading.
 */
export function InfiniteScroll({ children, hasMore, loading, loadMore, as = 'div' }: InfiniteScrollProps) {
  const pagination = useRef<HTMLDivElement & HTMLTableRowElement>(null);
  const latest = useRef({ hasMore, loading, loadMore });
  latest.current = { hasMore, loading, loadMore };

  useEffect(() => {
    const el = pagination.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, loadMore: next } = latest.current;
        if (entries.some((e) => e.isIntersecting) && more && !busy) next();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // a new observer after each page: an area still in view asks again for the following page
  }, [hasMore, loading]);

  const status = loading ? (
    <Spinner animation="border" size="sm" role="status">
      <span className="visually-hidden">{it.ui.loadingMore}</span>
    </Spinner>
  ) : hasMore ? null : (
    <span className="text-body-secondary small">{it.ui.endOfList}</span>
  );
  return (
    <>
      {children}
      {as === 'tr' ? (
        <tr ref={pagination} className="infinite-scroll-pagination" data-testid="infinite-scroll-pagination">
          <td colSpan={100} className="text-center">
            {status}
          </td>
        </tr>
      ) : (
        <div ref={pagination} className="infinite-scroll-pagination text-center py-2" data-testid="infinite-scroll-pagination">
          {status}
        </div>
      )}
    </>
  );
}
