import '@radix-ui/themes/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startSyncWhenNeeded } from './features/sync/start-sync';
import { loadReferenceLists } from './state/reference-lists';
import { jwtAtom } from './state/session';
import { appStore } from './state/store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The sync engine (Dexie, the drainer) is its own chunk, loaded when there is something to sync.
startSyncWhenNeeded();

// A reload keeps the session, so load the lists the screens choose from (suppliers, categories,
// family keys) as a sign-in does; the spec's initial load.
if (appStore.get(jwtAtom)) void loadReferenceLists();
