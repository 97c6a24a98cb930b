/** The sync feature's public surface: the top-bar indicator, its status line, the panel's host and the toasts of conflicts found elsewhere. */
export { NeedsYouToasts } from './NeedsYouToasts';
export { SyncIndicator, SyncPanelHost, SyncStatusLine } from './SyncIndicator';
