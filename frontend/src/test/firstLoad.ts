/**
 * What a page downloads before it can render, read from the build's manifest (frontend/dist/.vite/manifest.json,
 * `build.manifest` in vite.config.ts): the entry of index.html and every chunk it imports statically, plus the
 * route's own chunk and its static imports when the route is lazy. Dynamic imports (other routes, socket.io-client,
 * the common-password list) come later and are not counted. Sizes are of the brotli files the build wrote beside
 * each asset, as the server sends them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const FRONTEND_DIST = join(__dirname, '../../dist');
/** /prenota's module, as the manifest names it when the route is lazy */
export const BOOKING_PAGE = 'src/features/scheduling/booking/BookingPage.tsx';
/** /home's module (every role's home; a patient's is the page audited by `npm run lighthouse`) */
export const HOME_PAGE = 'src/app/HomeRoute.tsx';
/**
 * The app (router, store, RTK Query, the shell and the public pages), which main.tsx imports dynamically: before it
 * has run, FirstView paints the first view from the entry alone; with it, /prenota and /login work.
 */
export const APP_MODULE = 'src/app/App.tsx';

/** the JavaScript and CSS files of a page's first load; `routeSource`: the page's module, as the manifest names it */
export function firstLoadFiles(manifest: Manifest, routeSource?: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].src === 'index.html');
  if (!entry) throw new Error('manifest senza il punto d’ingresso index.html');
  visit(entry);
  // a page bundled with the entry has no chunk of its own: nothing to add
  if (routeSource && manifest[routeSource]?.isDynamicEntry) visit(routeSource);
  return { scripts: [...scripts], styles: [...styles] };
}

/** the bytes of the brotli files of `files` in a build */
export function brotliBytes(dist: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + statSync(join(dist, `${file}.br`)).size, 0);
}

export function readManifest(dist: string = FRONTEND_DIST): Manifest {
  const path = join(dist, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} non c’è: prima \`npm run build\``);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}
