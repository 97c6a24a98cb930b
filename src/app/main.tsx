// Loaded by the boot entry (boot/boot.ts) once an offline start's kept list or early rows have painted.
// Radix Themes' styles for this first screen; the rest comes with the app (scripts/lib/theme-css-plugin.ts).
import 'virtual:theme-first.css';
import './app.css';
import './touch.css';
import { Theme } from '@radix-ui/themes';
import { Provider } from 'jotai';
import { lazy, StrictMode, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toastsWanted } from './ui/notify';
import { createRoot } from 'react-dom/client';
import { firstScreen, guardDecision } from '../shared/rules/session';
import { SignInScreen } from './features/layout/SignInScreen';
import { startSyncWhenNeeded } from './features/sync/start-sync';
import { dropListSnapshot, listSnapshotPainted } from './boot/list-snapshot';
import { keepReferenceListsIn, loadReferenceLists } from './state/reference-lists';
import { expiredAccessTokenAtom, jwtAtom, signOutAtom } from './state/session';
import { appStore } from './state/store';
import { LoadFailureBoundary } from './ui/LoadFailureBoundary';
import { UpdatePrompt } from './ui/UpdatePrompt';
import { isOnline } from './lib/online';
import { catchInstallOffer } from './lib/install-offer';
import { applyLanguage, followLanguage } from './i18n/language';

// Start-up marks (read by bench/offline-start.ts): when this module ran.
performance.mark('boot:main');
catchInstallOffer();

/** The toasts' host loads after the first paint, with the toast library (ui/notify.ts). */
const Toasts = lazy(() => import('./ui/Toasts').then((module) => ({ default: module.Toasts })));

/** The toasts' host, drawn from the first toast on (ui/notify.ts), so the first visit does not load it. */
function ToastsWhenWanted() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

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
          <ToastsWhenWanted />
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
  // /products on a cold start: its chunk and (offline) its kept rows start loading beside the app's.
  if (window.location.pathname === '/products') {
    void import('./features/products/list-head-start').then(({ startListHeadStart }) => startListHeadStart()).catch(() => undefined);
    void import('./features/products/ProductListPage').catch(() => undefined);
  }
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

/** The stored session as the sign-in rules read it (src/shared/rules/session.ts). */
function storedSession() {
  return { jwt: appStore.get(jwtAtom), expiredAccessToken: appStore.get(expiredAccessTokenAtom) };
}

function showSignIn(): void {
  dropListSnapshot();
  const session = storedSession();
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

/** The longest an offline start of /products holds back the sync engine for the list's first rows. */
const LIST_FIRST_AT_MOST_MS = 1_000;

/** The filter lists are kept in the device database, whose code (Dexie) is a chunk of its own, loaded when the lists are read or kept (docs/offline.md "Reference lists"). */
const deviceCopies = () => import('./db/device-copies');
keepReferenceListsIn({
  read: () => deviceCopies().then((copies) => copies.readReferenceListCopies()),
  keep: (lists, tags) => deviceCopies().then((copies) => copies.keepReferenceListCopies(lists, tags)),
});

function startApp(): void {
  const showsApp = firstScreen(storedSession(), Date.now()) === 'app';
  if (showsApp) showApp();
  else showSignIn();

  const startTheRest = () => {
    // The sync engine (Dexie, the drainer) is its own chunk, loaded when there is something to sync.
    startSyncWhenNeeded();
    // A reload keeps the session, so load the lists the screens choose from (suppliers, categories,
    // family keys) as a sign-in does; the spec's initial load.
    if (appStore.get(jwtAtom)) void loadReferenceLists();
  };
  // Offline on /products, the list's read and first rows go first (docs/offline.md "Cold start on
  // /products"): nothing can be sent offline, and the reference lists' calls would fail anyway.
  if (showsApp && window.location.pathname === '/products' && !isOnline()) {
    const listAnswered = import('./features/products/list-head-start').then(({ headStartSettled }) => headStartSettled());
    const atMost = new Promise<void>((resolve) => setTimeout(resolve, LIST_FIRST_AT_MOST_MS));
    void Promise.race([listAnswered.then(afterNextFrame), atMost]).catch(() => undefined).then(startTheRest);
  } else {
    startTheRest();
  }
}

/** Resolves after the next frame has been painted. */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// With a list snapshot to paint (an offline cold start of /products, boot/list-snapshot.ts), the
// app starts after its frame; otherwise at once.
// The first screen is drawn in the person's language: a Dutch pack loads first (docs/languages.md).
followLanguage();
void Promise.all([listSnapshotPainted(), applyLanguage()]).then(startApp);
