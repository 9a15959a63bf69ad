import { errorBodyOf } from '@studio/contracts';
import { useEffect, useRef, useState } from 'react';
import { CSRF_HEADER } from '../../../lib/api';
import * as it from '../../../i18n/it';

export type Calculation<T> =
  { status: 'idle' | 'loading'; data: T | null; error: null } | { status: 'done'; data: T; error: null } | { status: 'error'; data: T | null; error: string };

/**
 * Posts a form to a calculation URL, one request at a time per URL: a new call aborts the one
 * still in flight, so a slow earlier answer can never overwrite a newer one. `onAnswer` sees only
 * the answer of the latest call.
 */
export class LatestRequest<T> {
  private controller: AbortController | null = null;

  constructor(private readonly fetcher: (request: Request) => Promise<Response> = (request) => fetch(request)) {}

  async post(url: string, body: unknown, csrfToken: string | undefined): Promise<{ ok: true; data: T } | { ok: false; error: string } | { ok: 'aborted' }> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const response = await this.fetcher(
        new Request(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', ...(csrfToken ? { [CSRF_HEADER]: csrfToken } : {}) },
          body: JSON.stringify(body),
          signal: controller.signal,
        }),
      );
      const json: unknown = await response.json().catch(() => null);
      // aborted meanwhile, or superseded while its body was read: never shown
      if (controller.signal.aborted || this.controller !== controller) return { ok: 'aborted' };
      if (response.ok) return { ok: true, data: json as T };
      return { ok: false, error: errorBodyOf(json)?.error.message ?? it.app.genericError };
    } catch (error) {
      if (controller.signal.aborted || this.controller !== controller) return { ok: 'aborted' };
      return { ok: false, error: it.app.networkError };
    }
  }

  abort(): void {
    this.controller?.abort();
    this.controller = null;
  }
}

/** the server's calculation of `body` at `url`, redone on every change of the body */
export function useServerCalculation<T>(url: string, body: unknown, csrfToken: string | undefined, skip = false): Calculation<T> {
  const request = useRef<LatestRequest<T> | null>(null);
  if (request.current === null) request.current = new LatestRequest<T>();
  const [state, setState] = useState<Calculation<T>>({ status: 'idle', data: null, error: null });
  const key = JSON.stringify(body);

  useEffect(() => {
    if (skip) return;
    let live = true;
    setState((s) => ({ status: 'loading', data: s.data, error: null }));
    void request.current!.post(url, JSON.parse(key), csrfToken).then((answer) => {
      if (!live || answer.ok === 'aborted') return;
      if (answer.ok) setState({ status: 'done', data: answer.data, error: null });
      else setState((s) => ({ status: 'error', data: s.data, error: answer.error }));
    });
    return () => {
      live = false;
    };
  }, [url, key, csrfToken, skip]);

  useEffect(() => () => request.current?.abort(), []);
  return state;
}
