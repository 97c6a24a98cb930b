/** The sync feature's public surface: the top-bar indicator, its status line, the panel's host and the toasts of conflicts found elsewhere. */
import { lazy } from 'react';

export { SyncIndicator, SyncPanelHost, SyncStatusLine } from './SyncIndicator';

/**
 * Loaded with the signed-in layout, not with the first visit: the toasts link into the router, and
 * the sign-in page's JavaScript budget (docs/benchmarks.md) has no room for it.
 */
export const NeedsYouToasts = lazy(() => import('./NeedsYouToasts').then((module) => ({ default: module.NeedsYouToasts })));
