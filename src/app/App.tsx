import 'virtual:theme-rest.css';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { pendingLanguage } from './i18n/pending-language';
import { AppRoutes } from './routes';

/**
 * The signed-in app: a data router (rather than <BrowserRouter>) so screens can use useBlocker:
 * the product editor asks before unsaved changes are left behind. The routes themselves stay in
 * routes.tsx; the providers around it are in main.tsx. Created at the first render, not when
 * this chunk loads (it is fetched ahead while someone signs in), so it starts from the path the
 * sign-in screen went on to (docs/architecture.md, "First visit").
 */
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function App() {
  router ??= createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);
  // A language chosen offline is kept on the account once the connection is back (docs/languages.md,
  // "Offline choice"). Only a signed-in person has an account to tell, so it starts with the app, not
  // on the sign-in page; the sending loads with the language choice, only when a choice waits.
  useEffect(() => {
    if (pendingLanguage()) void import('./i18n/choose-language').then((module) => module.followPendingLanguage());
  }, []);
  return <RouterProvider router={router} />;
}
