import { BOOKING_PAGE, brotliBytes, firstLoadFiles, readManifest, type Manifest, FRONTEND_DIST } from './firstLoad';

/**
 * The brotli bytes of JavaScript /prenota may download before it renders. The goal is 100 KB; React and
 * React DOM (about 60 KB), React Router's data router (27 KB) and Redux Toolkit with RTK Query (about 23 KB) are
 * 110 KB by themselves, so the budget is what the page needs today with a small margin: any new library or schema
 * in the first download fails here instead of slowing the page unnoticed.
 */
const PRENOTA_BUDGET_BYTES = 170_000;

describe('first load of a page', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_api.js'], css: ['assets/index.css'] },
    '_api.js': { file: 'assets/api.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/Page.tsx': { file: 'assets/Page.js', src: 'src/Page.tsx', isDynamicEntry: true, imports: ['_api.js', '_table.js'], css: ['assets/Page.css'] },
    '_table.js': { file: 'assets/table.js' },
    'src/Other.tsx': { file: 'assets/Other.js', src: 'src/Other.tsx', isDynamicEntry: true },
  };

  test('the entry and what it imports statically, each once; other routes are not counted', () => {
    expect(firstLoadFiles(manifest)).toEqual({ scripts: ['assets/index.js', 'assets/api.js', 'assets/runtime.js'], styles: ['assets/index.css'] });
  });

  test('a lazy route adds its chunk and its own imports', () => {
    expect(firstLoadFiles(manifest, 'src/Page.tsx')).toEqual({
      scripts: ['assets/index.js', 'assets/api.js', 'assets/runtime.js', 'assets/Page.js', 'assets/table.js'],
      styles: ['assets/index.css', 'assets/Page.css'],
    });
  });

  // the built app (`npm test` builds it first): zod, socket.io-client, the calendar, charts or rich text in the
  // first download of the booking page would show here
  test(`/prenota's JavaScript before it renders is at most ${PRENOTA_BUDGET_BYTES} bytes of brotli`, () => {
    const { scripts } = firstLoadFiles(readManifest(), BOOKING_PAGE);
    expect(brotliBytes(FRONTEND_DIST, scripts)).toBeLessThanOrEqual(PRENOTA_BUDGET_BYTES);
  });
});
