import 'bootstrap/dist/css/bootstrap.min.css';
import './components/ui/theme.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { it } from './i18n/it';
import { setPracticeName } from './lib/pageTitle';

document.documentElement.lang = 'it';
setPracticeName(it.app.brand);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
