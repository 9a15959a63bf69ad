import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configurePaypalSdk } from './features/payments/paypalSdk';
import { it } from './i18n/it';

document.documentElement.lang = 'it';
document.title = it.app.brand;
configurePaypalSdk({ url: import.meta.env.VITE_PAYPAL_SDK_URL, clientId: import.meta.env.VITE_PAYPAL_CLIENT_ID });

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
