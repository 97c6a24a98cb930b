/** The sync feature's public surface: the top-bar indicator, its status line and the panel's host. */
export { SyncIndicator, SyncPanelHost, SyncStatusLine } from './SyncIndicator';
