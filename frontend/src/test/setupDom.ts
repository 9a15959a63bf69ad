/**
 * Test-only: jsdom (jest 30) has no fetch, Request, Response, TextEncoder nor matchMedia.
 * Import this first in a test file; it installs small stand-ins sufficient for
 * RTK Query's fetchBaseQuery and react-router. Never imported by production code.
 */
import { TextDecoder, TextEncoder } from 'node:util';

type HeadersLike = { forEach(fn: (value: string, key: string) => void): void };
type HeaderInit = Record<string, string> | [string, string][] | HeadersLike | undefined | null;

class MiniHeaders {
  private map = new Map<string, string>();
  constructor(init?: HeaderInit) {
    if (!init) return;
    if (Array.isArray(init)) init.forEach(([k, v]) => this.set(k, v));
    else if (typeof (init as HeadersLike).forEach === 'function') (init as HeadersLike).forEach((v, k) => this.set(k, v));
    else Object.entries(init as Record<string, string>).forEach(([k, v]) => this.set(k, String(v)));
  }
  get(name: string) {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  set(name: string, value: string) {
    this.map.set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string) {
    const old = this.get(name);
    this.set(name, old ? `${old}, ${value}` : value);
  }
  has(name: string) {
    return this.map.has(name.toLowerCase());
  }
  delete(name: string) {
    this.map.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, key: string) => void) {
    this.map.forEach((v, k) => fn(v, k));
  }
  entries() {
    return this.map.entries();
  }
  [Symbol.iterator]() {
    return this.map.entries();
  }
}

class MiniRequest {
  url: string;
  method: string;
  headers: MiniHeaders;
  body: unknown;
  credentials?: string;
  signal?: AbortSignal;
  constructor(url: string, init: { method?: string; headers?: HeaderInit; body?: unknown; credentials?: string; signal?: AbortSignal } = {}) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new MiniHeaders(init.headers);
    this.body = init.body;
    this.credentials = init.credentials;
    this.signal = init.signal;
  }
}

class MiniResponse {
  status: number;
  ok: boolean;
  headers: MiniHeaders;
  private bodyText: string;
  constructor(body?: string | null, init: { status?: number; headers?: HeaderInit } = {}) {
    this.bodyText = body ?? '';
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new MiniHeaders(init.headers);
  }
  async text() {
    return this.bodyText;
  }
  async json() {
    return JSON.parse(this.bodyText);
  }
  clone() {
    return new MiniResponse(this.bodyText, { status: this.status, headers: this.headers });
  }
}

const g = globalThis as Record<string, unknown>;
g.TextEncoder ??= TextEncoder;
g.TextDecoder ??= TextDecoder;
g.Headers ??= MiniHeaders;
g.Request ??= MiniRequest;
g.Response ??= MiniResponse;
g.fetch ??= () => Promise.reject(new Error('fetch non simulato in questo test'));

/** a viewport width for window.matchMedia (jsdom has none): min-width / max-width queries only */
let viewportWidth = 1280;
export function setViewportWidth(px: number) {
  viewportWidth = px;
}
function evaluateMedia(query: string): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)?\)/g)];
  return parts.every(([, kind, value, unit]) => {
    const px = Number(value) * (unit === 'em' || unit === 'rem' ? 16 : 1);
    return kind === 'min' ? viewportWidth >= px : viewportWidth <= px;
  });
}
if (typeof window !== 'undefined') {
  window.matchMedia = ((query: string) => ({
    get matches() {
      return evaluateMedia(query);
    },
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

export type RecordedCall = { method: string; url: string; headers: Record<string, string>; body: unknown };
export type Route = {
  method: string;
  /** the path, with its query string if it matters */
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** the answer waits for this promise (to see loading states) */
  wait?: Promise<unknown>;
};

/**
 * Replaces global fetch with a router over `routes` (first match wins; unmatched → 404) and
 * returns the calls it saw.
 */
export function mockFetch(routes: Route[]): { calls: RecordedCall[]; restore(): void } {
  const calls: RecordedCall[] = [];
  const previous = g.fetch;
  g.fetch = async (input: MiniRequest) => {
    const url = new URL(input.url, 'http://localhost');
    const pathWithQuery = `${url.pathname}${url.search}`;
    const headers: Record<string, string> = {};
    input.headers.forEach((v, k) => (headers[k] = v));
    let body: unknown = input.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep the text */
      }
    }
    calls.push({ method: input.method, url: pathWithQuery, headers, body });
    const route = routes.find(
      (r) =>
        r.method.toUpperCase() === input.method &&
        (typeof r.path === 'string' ? r.path === url.pathname || r.path === pathWithQuery : r.path.test(pathWithQuery)),
    );
    if (!route) {
      return new MiniResponse(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Non trovato' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (route.wait) await route.wait;
    return new MiniResponse(route.body === undefined ? '' : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    calls,
    restore() {
      g.fetch = previous;
    },
  };
}
