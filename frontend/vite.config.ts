import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { PurgeCSS } from 'purgecss';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/app/offline/webAppManifest';

const backend = 'http://localhost:3000';
const here = fileURLToPath(new URL('.', import.meta.url));

/** text the browser downloads; images other than SVG and fonts in woff2 are compressed already */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best level) beside every built asset,
 * once at build time: the server sends them as they are (backend/src/http/frontend-files.ts) instead of
 * compressing each download.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(outDir, fileName);
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/**
 * Bootstrap's stylesheet cut to the classes the app uses (the whole file is 230 KB, render-blocking on every page):
 * the class names written in the sources, and react-bootstrap's, which builds some from props at run time
 * (`variant="outline-danger"` is `.btn-outline-danger`), so its components' families are kept whole. A class made
 * up in a template string must be listed here. Build only: the dev server serves the whole file.
 */
function purgeBootstrap(): Plugin {
  const colours = '(primary|secondary|success|danger|warning|info|light|dark|body|white|black|muted)';
  // what react-bootstrap's components (the ones the app imports) write themselves, and what their props make
  const safelist = [
    /^btn/, // Button, ButtonGroup, ToggleButton, CloseButton; btn-<variant>, btn-<size>
    /^alert/,
    /^badge/,
    /^spinner-/,
    /^modal(?!-fullscreen)/,
    /^offcanvas(-(start|end|top|bottom|header|title|body|backdrop))?$/,
    /^nav(-(link|item|tabs|pills|fill|justified))?$/,
    /^tab-(content|pane)$/,
    /^card/,
    /^form-(control|select|check|label|text)/,
    /^input-group/,
    /^table/,
    /^list-group(-item(-action)?|-flush)?$/,
    /^accordion/,
    /^collaps/,
    /^popover/,
    /^bs-popover-/,
    /^progress/,
    /^(fade|show|active|disabled|rounded|img-fluid|img-thumbnail)$/,
    /^visually-hidden/,
    /^(is-invalid|is-valid|was-validated|invalid-feedback|valid-feedback)$/,
    // Row, Col: col-md-6, col-auto, row-cols-2
    /^(row|col)$/,
    /^(col|row-cols)-((sm|md|lg|xl|xxl)-)?(\d+|auto)$/,
    /^g[xy]?-\d$/,
    /^container/,
    new RegExp(`^(bg|text-bg|text|border)-${colours}`),
  ];
  return {
    name: 'studio:purge-bootstrap',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\/bootstrap\/dist\/css\/bootstrap(\.min)?\.css$/.test(id)) return null;
      const [result] = await new PurgeCSS().purge({
        content: [join(here, 'index.html'), join(here, 'src/**/*.{ts,tsx}')],
        // the tests' strings are not pages
        skippedContentGlobs: [join(here, 'src/**/*.spec.{ts,tsx}'), join(here, 'src/test/**')],
        css: [{ raw: code }],
        safelist: {
          standard: safelist,
          // state classes Bootstrap's own selectors combine (.offcanvas.showing, .btn-check:checked + .btn…)
          greedy: [/showing/, /hiding/],
        },
      });
      return { code: result.css, map: null };
    },
  };
}

/**
 * The web app manifest (/manifest.webmanifest, linked from index.html by the plugin) and the service worker (/sw.js,
 * scope /) built from src/sw/sw.ts with the build's files to precache. The app registers it itself
 * (lib/serviceWorker.ts), after the page has loaded: nothing of it is in the first download.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  manifest: webAppManifest,
  includeManifestIcons: true,
  injectManifest: {
    // the hashed scripts and styles, the page, the icons; not the precompressed copies nor the build's own manifest
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['.vite/**', '**/*.br', '**/*.gz', 'sw.js'],
    // the page is precached as `/`: the server answers /index.html to nobody and `/` to anyone (frontend-files.ts)
    manifestTransforms: [(entries) => ({ manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)), warnings: [] })],
    // the diet editor's chunk is the largest (470 KB); the limit is a guard against a mistake, not a budget
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

/**
 * react-router's package points every import at its development build (its exports have no `production` condition):
 * the same code with its developer warnings switched on, checked on every navigation and route match. The build takes
 * the production files beside it, where those warnings are off and drop out; the dev server keeps the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), purgeBootstrap(), precompress(), pwa],
  resolve: {
    alias: [
      // the workspaces import each other's sources, not their builds
      { find: '@studio/contracts', replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which files each page loads first (firstLoad.ts, its budget test and `npm run lighthouse`)
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      // only the calls under /disponibilita/…: the page /disponibilita itself is the React app
      '^/disponibilita/': { target: backend, changeOrigin: false },
      // holds and bookings; the page /prenota itself is the React app
      '^/prenotazioni(/|$)': {
        target: backend,
        changeOrigin: false,
        // a browser navigation to /prenotazioni/:id (a red slot) is the React page, as the backend does in production
        bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
      '^/pagamenti/': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true, changeOrigin: false },
    },
  },
}));
