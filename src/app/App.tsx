import 'virtual:theme-rest.css';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
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
  return <RouterProvider router={router} />;
}
