import { Theme } from '@radix-ui/themes';
import { Provider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoutes } from './routes';
import { appStore } from './state/store';
import { Toasts } from './ui/Toasts';
import { UpdatePrompt } from './ui/UpdatePrompt';

/**
 * A data router (rather than <BrowserRouter>) so screens can use useBlocker: the product editor
 * asks before unsaved changes are left behind. The routes themselves stay in routes.tsx.
 */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export function App() {
  return (
    <Provider store={appStore}>
      <Theme accentColor="blue" grayColor="slate" radius="medium" scaling="100%">
        <RouterProvider router={router} />
        <Toasts />
        <UpdatePrompt />
      </Theme>
    </Provider>
  );
}
