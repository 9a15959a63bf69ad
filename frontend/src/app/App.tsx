import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';
import { makeStore } from './store';
import { registerServiceWorker } from '../lib/serviceWorker';

export function App() {
  const [store] = useState(makeStore);
  const [router] = useState(() => createBrowserRouter(routes));
  // offline reading of the last documents, and the app installable on a phone (after the page has loaded)
  useEffect(() => registerServiceWorker(), []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
