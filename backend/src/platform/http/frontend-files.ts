import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

const ASSETS = '/assets/';

/** the build's hashed files: a new build gives them new names, so a browser may keep them for a year */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** files of frontend/public keep their names from build to build (favicon, logo, icons) */
const UNHASHED = 'public, max-age=3600';
/**
 * The service worker and the web app manifest: the browser asks the server again before using a copy (a new build's
 * worker must be seen at the next open, not an hour later). The browser checks the worker's script on its own too,
 * bypassing its HTTP cache at most every 24 hours; `no-cache` makes every check a real one.
 */
export const REVALIDATED = 'no-cache';
/** the paths served as REVALIDATED (frontend/vite.config.ts writes both at the build's root) */
export const REVALIDATED_FILES: ReadonlySet<string> = new Set(['/sw.js', '/manifest.webmanifest']);

/** the Cache-Control of a built file, by its URL path */
export const cacheControlOf = (urlPath: string): string => (urlPath.startsWith(ASSETS) ? IMMUTABLE : REVALIDATED_FILES.has(urlPath) ? REVALIDATED : UNHASHED);

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The built app's files (not index.html: a page is no-store, see frontendPages). A hashed asset that the
 * build precompressed (frontend/vite.config.ts writes `.br` and `.gz` beside it) goes out in the best
 * encoding the browser accepts, brotli before gzip, as it is on disk.
 */
export function frontendFiles(dist: string): RequestHandler {
  // the build's files, listed once: any other path (every API call) goes on without a stat of the disk,
  // which the socket-flood profile found on each GET /api/auth/session (4 s of 105 s of CPU)
  const built = new Set(builtFiles(dist));
  const files = express.static(dist, {
    index: false,
    cacheControl: false,
    setHeaders: (res, path) => res.setHeader('Cache-Control', cacheControlOf('/' + relative(dist, path).split(sep).join('/'))),
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.endsWith('.html') || !built.has(req.path)) return next();
    if (!req.path.startsWith(ASSETS)) return files(req, res, next);
    const name = req.path.slice(ASSETS.length);
    const variants = ENCODINGS.filter((e) => built.has(ASSETS + name + e.suffix));
    if (variants.length === 0) return files(req, res, next);
    // the answer depends on Accept-Encoding even when it is the plain file
    res.vary('Accept-Encoding');
    const chosen = variants.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!chosen) return files(req, res, next);
    const originalUrl = req.url;
    res.type(extname(name));
    res.setHeader('Content-Encoding', chosen.name);
    req.url = ASSETS + name + chosen.suffix;
    files(req, res, (error?: unknown) => {
      // the compressed file went missing since start-up: no encoding claimed for what comes next
      req.url = originalUrl;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next(error);
    });
  };
}

/** the URL paths of the files under `dist` ('/assets/index-AbC.js', '/favicon.svg'), as the build left them */
function builtFiles(dist: string): string[] {
  if (!existsSync(dist)) return [];
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => '/' + relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * A browser navigation (Accept: text/html) gets index.html for any path outside /api, /socket.io and the pages the
 * server renders itself (`servedByServer`),
 * so the spec's paths that are both a call and a page (/prenotazioni/:id for a red slot) open the page;
 * fetches get the JSON. It runs after the no-store middleware: the page is never cached.
 */
export function frontendPages(dist: string, servedByServer: (path: string) => boolean): RequestHandler {
  const index = join(dist, 'index.html');
  return (req: Request, res: Response, next: NextFunction) => {
    // the root is the app for any client (curl, an uptime monitor), whatever it accepts
    const navigation = (req.headers.accept?.includes('text/html') ?? false) || req.path === '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !navigation || servedByServer(req.path)) return next();
    res.sendFile(index);
  };
}
