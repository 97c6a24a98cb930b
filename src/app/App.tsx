import { Theme } from '@radix-ui/themes';
import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';
import { appStore } from './state/store';
import { Toasts } from './ui/Toasts';
import { UpdatePrompt } from './ui/UpdatePrompt';

export function App() {
  return (
    <Provider store={appStore}>
      <Theme accentColor="blue" grayColor="slate" radius="medium" scaling="100%">
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toasts />
        <UpdatePrompt />
      </Theme>
    </Provider>
  );
}
