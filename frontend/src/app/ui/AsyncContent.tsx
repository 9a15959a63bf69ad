import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Accordion, Modal, OverlayTrigger, Popover, Spinner, Tab, Tabs } from 'react-bootstrap';
import { it } from '../../i18n/it';

/** SPEC point 4: every on-demand fetch ends with this window event; a failure only sets `failed` (no message) */
export const AFTER_FETCH = 'after-fetch';
export type AfterFetchDetail = { url: string; failed: boolean };

export async function fetchContent<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  let failed = true;
  try {
    const response = await fetch(new Request(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal }));
    if (!response.ok) return null;
    const data = (await response.json()) as T;
    failed = false;
    return data;
  } catch {
    return null;
  } finally {
    if (!signal?.aborted) window.dispatchEvent(new CustomEvent<AfterFetchDetail>(AFTER_FETCH, { detail: { url, failed } }));
  }
}

/** the content of `url`, fetched the first time `open` is true and kept after (a remount fetches again) */
export function useContentOnFirstOpen<T>(url: string, open: boolean): { data: T | null; loading: boolean } {
  const [state, setState] = useState<{ data: T | null; loading: boolean }>({ data: null, loading: false });
  const started = useRef(false);
  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    setState({ data: null, loading: true });
    void fetchContent<T>(url).then((data) => setState({ data, loading: false }));
  }, [open, url]);
  return state;
}

function Loaded<T>({ url, open, render }: { url: string; open: boolean; render(data: T): ReactNode }) {
  const { data, loading } = useContentOnFirstOpen<T>(url, open);
  if (loading) return <Spinner animation="border" size="sm" role="status" aria-label={it.app.loading} />;
  return data === null ? null : <>{render(data)}</>;
}

/** a modal whose body loads on first open */
export function AsyncModal<T>({ show, onHide, title, url, render }: { show: boolean; onHide(): void; title: string; url: string; render(data: T): ReactNode }) {
  const [opened, setOpened] = useState(false);
  useEffect(() => void (show && setOpened(true)), [show]);
  return (
    <Modal show={show} onHide={onHide}>
      <Modal.Header closeButton closeLabel={it.app.dismiss}>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Loaded url={url} open={opened} render={render} />
      </Modal.Body>
    </Modal>
  );
}

export interface AsyncItem<T> {
  key: string;
  title: string;
  url: string;
  render(data: T): ReactNode;
  /** tabs only: keep the loaded content while hidden (otherwise it is dropped and loaded again) */
  keepContents?: boolean;
}

/** accordion items whose bodies load the first time they are expanded */
export function AsyncAccordion<T>({ items }: { items: AsyncItem<T>[] }) {
  const [opened, setOpened] = useState<Set<string>>(new Set());
  return (
    <Accordion alwaysOpen onSelect={(keys) => setOpened((o) => new Set([...o, ...(Array.isArray(keys) ? keys : keys ? [keys] : [])]))}>
      {items.map((item) => (
        <Accordion.Item key={item.key} eventKey={item.key}>
          <Accordion.Header>{item.title}</Accordion.Header>
          <Accordion.Body>
            <Loaded url={item.url} open={opened.has(item.key)} render={item.render} />
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** tabs whose content loads when first shown and is dropped on hide, unless the tab keeps its contents */
export function AsyncTabs<T>({ id, items }: { id: string; items: AsyncItem<T>[] }) {
  const [active, setActive] = useState(items[0]?.key ?? '');
  return (
    <Tabs id={id} activeKey={active} onSelect={(k) => k && setActive(k)} mountOnEnter className="mb-3">
      {items.map((item) => (
        <Tab key={item.key} eventKey={item.key} title={item.title} unmountOnExit={!item.keepContents} data-keep-contents={item.keepContents ? 'true' : undefined}>
          <Loaded url={item.url} open={active === item.key} render={item.render} />
        </Tab>
      ))}
    </Tabs>
  );
}

/** a popover whose contents load on first open */
export function AsyncPopover<T>({ id, title, url, render, children }: { id: string; title: string; url: string; render(data: T): ReactNode; children: React.ReactElement }) {
  const [opened, setOpened] = useState(false);
  return (
    <OverlayTrigger
      trigger="click"
      rootClose
      placement="auto"
      onToggle={(next) => next && setOpened(true)}
      overlay={
        <Popover id={id}>
          <Popover.Header as="h3">{title}</Popover.Header>
          <Popover.Body>
            <Loaded url={url} open={opened} render={render} />
          </Popover.Body>
        </Popover>
      }
    >
      {children}
    </OverlayTrigger>
  );
}

/** SPEC point 9: the next page loads when the pagination area comes within this distance of the viewport */
export const INFINITE_SCROLL_MARGIN_PX = 200;

/**
 * An infinite-scroll list: `loadNext` runs when the pagination area (after the items) comes
 * within 200 px of the viewport, and not again while a page is loading or when none is left.
 */
export function InfiniteList({ children, hasMore, loading, loadNext, footer }: { children: ReactNode; hasMore: boolean; loading: boolean; loadNext(): void; footer?: ReactNode }) {
  const pagination = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, loadNext });
  latest.current = { hasMore, loading, loadNext };
  const near = useRef(false);
  // a page that did not fill the screen: the area is still near, so the next one follows
  useEffect(() => {
    if (near.current && hasMore && !loading) loadNext();
  }, [hasMore, loading, loadNext]);
  useEffect(() => {
    const target = pagination.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, loadNext: next } = latest.current;
        near.current = entries.some((e) => e.isIntersecting);
        if (near.current && more && !busy) next();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {children}
      <div ref={pagination} className="infinite-pagination" data-has-more={hasMore}>
        {loading && <Spinner animation="border" size="sm" role="status" aria-label={it.app.loading} />}
        {footer}
      </div>
    </>
  );
}
