import './lib/zodJitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './components/ui/theme.css';
import './styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { FirstView } from './app/FirstView';
import { preloadLandingPage } from './app/landingPages';
import * as it from './i18n/it';
import { startEarlyFetches } from './lib/earlyFetch';
import { setPracticeName } from './lib/pageTitle';

document.documentElement.lang = 'it';
setPracticeName(it.app.brand);

// the app (router, store, RTK Query and the pages) is a chunk of its own, requested at once; until it has run,
// FirstView paints the page's first view as the app will render it, from React alone
const appModule = import('./app/App');
preloadLandingPage(window.location.pathname);
// …and, meanwhile, the session and the practice every page asks for first
startEarlyFetches();
const App = lazy(() => appModule.then((m) => ({ default: m.App })));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<FirstView path={window.location.pathname} />}>
      <App />
    </Suspense>
  </StrictMode>,
);
