// Radix Themes' styles for this first screen; the rest comes with the app (scripts/lib/theme-css-plugin.ts).
import 'virtual:theme-first.css';
import './app.css';
import './touch.css';
import { Theme } from '@radix-ui/themes';
import { Provider } from 'jotai';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstScreen, guardDecision } from '../shared/rules/session';
import { SignInScreen } from './features/layout/SignInScreen';
import { startSyncWhenNeeded } from './features/sync/start-sync';
import { loadReferenceLists } from './state/reference-lists';
import { expiredAccessTokenAtom, jwtAtom, signOutAtom } from './state/session';
import { appStore } from './state/store';
import { LoadFailureBoundary } from './ui/LoadFailureBoundary';
import { Toasts } from './ui/Toasts';
import { UpdatePrompt } from './ui/UpdatePrompt';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);

/** The providers every screen needs, around the sign-in screen and the app alike. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={appStore}>
        <Theme accentColor="blue" grayColor="slate" radius="medium" scaling="100%">
          {children}
          <Toasts />
          <UpdatePrompt />
        </Theme>
      </Provider>
    </StrictMode>
  );
}

// The router and the screens are one chunk, loaded with a session or after a sign-in (and
// fetched ahead while the person types on the sign-in screen).
const loadApp = () => import('./App');
const App = lazy(() => loadApp().then((module) => ({ default: module.App })));

function showApp(): void {
  root.render(
    <Shell>
      <LoadFailureBoundary>
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </LoadFailureBoundary>
    </Shell>,
  );
}

function showSignIn(): void {
  const session = { jwt: appStore.get(jwtAtom), expiredAccessToken: appStore.get(expiredAccessTokenAtom) };
  const decision = guardDecision(window.location.pathname, session, Date.now());
  if (decision.clearExpiredSession) appStore.set(signOutAtom, 'expired');
  if (decision.redirectTo) window.history.replaceState(null, '', decision.redirectTo);
  root.render(
    <Shell>
      <SignInScreen
        onFirstInput={() => void loadApp().catch(() => undefined)}
        onSignedIn={() => {
          window.history.pushState(null, '', '/dashboard');
          showApp();
        }}
      />
    </Shell>,
  );
}

const session = { jwt: appStore.get(jwtAtom), expiredAccessToken: appStore.get(expiredAccessTokenAtom) };
if (firstScreen(session, Date.now()) === 'app') showApp();
else showSignIn();

// The sync engine (Dexie, the drainer) is its own chunk, loaded when there is something to sync.
startSyncWhenNeeded();

// A reload keeps the session, so load the lists the screens choose from (suppliers, categories,
// family keys) as a sign-in does; the spec's initial load.
if (appStore.get(jwtAtom)) void loadReferenceLists();
