import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // the workspaces import each other's sources, not their builds
      '@studio/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
