import { useCallback, useEffect, useRef, useState } from 'react';

/** what a failed (or successful) load reports: only a flag, never a message */
export interface AfterFetchDetail {
  ok: boolean;
}
export const AFTER_FETCH_EVENT = 'after-fetch';
export type AfterFetchHandler = (detail: AfterFetchDetail) => void;

/** loads content for an async widget; the signal aborts a load whose widget went away */
export type ContentLoader<T> = (signal: AbortSignal) => Promise<T>;

export type AsyncContent<T> = { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed' };

/**
 * Loads once when `active` first becomes true, then keeps the content (modals, accordions,
 * popovers). `reset()` drops it so the next activation loads again (tabs without keep-contents).
 * The after-fetch signal goes to `onAfterFetch` and, as a DOM event, to the element in `target`.
 */
export function useAsyncContent<T>(active: boolean, load: ContentLoader<T>, onAfterFetch?: AfterFetchHandler) {
  const [content, setContent] = useState<AsyncContent<T>>({ status: 'idle' });
  /** bumped by reset(): the next activation loads again */
  const [generation, setGeneration] = useState(0);
  const started = useRef(false);
  const target = useRef<HTMLDivElement | null>(null);
  const latest = useRef({ load, onAfterFetch });
  latest.current = { load, onAfterFetch };

  useEffect(() => {
    if (!active || started.current) return;
    started.current = true;
    let settled = false;
    const controller = new AbortController();
    setContent({ status: 'loading' });
    const signal = (ok: boolean) => {
      latest.current.onAfterFetch?.({ ok });
      target.current?.dispatchEvent(new CustomEvent<AfterFetchDetail>(AFTER_FETCH_EVENT, { bubbles: true, detail: { ok } }));
    };
    latest.current.load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        settled = true;
        setContent({ status: 'loaded', data });
        signal(true);
      },
      () => {
        if (controller.signal.aborted) return;
        settled = true;
        setContent({ status: 'failed' });
        signal(false);
      },
    );
    return () => {
      if (settled) return;
      // closed or unmounted mid-load: abandon it, the next activation starts over
      controller.abort();
      started.current = false;
      setContent({ status: 'idle' });
    };
  }, [active, generation]);

  const reset = useCallback(() => {
    if (!started.current) return;
    started.current = false;
    setContent({ status: 'idle' });
    setGeneration((g) => g + 1);
  }, []);
  return { content, reset, target };
}
