import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = 'http://localhost:3000';

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

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      // the workspaces import each other's sources, not their builds
      '@studio/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
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
});
