import '@radix-ui/themes/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startSyncWhenNeeded } from './features/sync/start-sync';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The sync engine (Dexie, the drainer) is its own chunk, loaded when there is something to sync.
startSyncWhenNeeded();
