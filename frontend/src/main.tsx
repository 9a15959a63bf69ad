import './lib/zodJitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './components/ui/theme.css';
import './styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { FirstView } from './app/FirstView';
import { preloadLandingPage } from './app/landingPages';
import * as it from './i18n/it';
import { earlySession, startEarlyFetches } from './lib/earlyFetch';
import { setPracticeName } from './lib/pageTitle';
import { PATHS } from './lib/paths';

document.documentElement.lang = 'it';
setPracticeName(it.app.brand);

/**
 * On /home the first view greets a patient from the early session's answer (FirstView.tsx): that greeting is the
 * page's largest text, and running the app's code first would hold the main thread for a second on a phone before
 * it paints. So there the app's code is asked for once the answer has come and the next frame is drawn (100 ms at
 * most: a tab in the background draws no frames). Elsewhere at once.
 */
function firstViewShown(pathname: string): Promise<void> {
  if (pathname !== PATHS.home) return Promise.resolve();
  return earlySession().then(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, 100);
      }),
  );
}

const path = window.location.pathname;
// the session and the practice every page asks for first, before the app's code has arrived
startEarlyFetches(path);
// the app (router, store, RTK Query and the pages) is a chunk of its own, with the module of the page it opens on;
// until it has run, FirstView paints the page's first view as the app will render it, from React alone
const appModule = firstViewShown(path).then(() => {
  preloadLandingPage(path);
  return import('./app/App');
});
const App = lazy(() => appModule.then((m) => ({ default: m.App })));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<FirstView path={path} session={earlySession()} />}>
      <App />
    </Suspense>
  </StrictMode>,
);
