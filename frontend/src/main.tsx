import './lib/zodJitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './components/ui/theme.css';
import './styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { FirstView } from './app/FirstView';
import { preloadLandingPage } from './app/landingPages';
import * as it from './i18n/it';
import { earlySession, firstViewShown, startEarlyFetches } from './lib/earlyFetch';
import { setPracticeName } from './lib/pageTitle';

document.documentElement.lang = 'it';
setPracticeName(it.app.brand);

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
