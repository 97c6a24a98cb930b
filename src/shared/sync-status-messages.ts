/**
 * The sync status in the top bar and the drawer, and the times and download lines the status
 * panel shows (docs/offline.md, "Sync status"); the shell loads them with the indicator, so they
 * stay few. The panel's own words: sync-panel-messages.ts. Dutch under 'syncStatus.' in
 * src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const syncStatusMessages = {
  online: 'Online',
  offline: 'Offline',
  changes: (count: number) => (count === 1 ? '1 change' : `${count} changes`),
  /** `changes` wait; their count is for the plural of languages whose verb follows it ('1 wijziging wacht'). */
  waiting: (changes: string, _count: number) => `${changes} waiting`,
  nothingWaiting: 'nothing waiting',
  /** The indicator's label: the connection word and what waits. */
  label: (connection: string, waiting: string) => `${connection}, ${waiting}`,
  signInToSend: (changes: string) => `Sign in again to send ${changes}`,
  needAttention: (count: number) => `Online, ${count === 1 ? '1 change needs' : `${count} changes need`} attention`,
  allSent: 'Online, all changes sent',
  syncStatus: (label: string) => `Sync status: ${label}`,
  /** A waiting change's status badge in the panel. */
  entryStatus: { pending: 'Waiting', sending: 'Sending', failed: 'Failed', conflict: 'Conflict' },
  justNow: 'just now',
  minutesAgo: (count: number) => (count === 1 ? '1 minute ago' : `${count} minutes ago`),
  hoursAgo: (count: number) => (count === 1 ? '1 hour ago' : `${count} hours ago`),
  yesterday: 'yesterday',
  daysAgo: (count: number) => `${count} days ago`,
  nothingSent: 'Nothing sent from this device yet',
  lastSent: (when: string) => `Last change sent ${when}`,
  /** "Make available offline": the scope and its progress (counts already in the language's digits). */
  wholeCatalogueScope: 'the whole catalogue',
  products: (count: string, n: number) => (n === 1 ? '1 product' : `${count} products`),
  notDownloaded: 'Not downloaded yet: products you have not opened are not available offline.',
  checking: (scope: string, products: string) => `Checking ${scope} for changes… ${products} updated`,
  downloading: (scope: string, products: string) => `Downloading ${scope}… ${products} so far`,
  downloadingOf: (scope: string, received: string, products: string) => `Downloading ${scope}… ${received} of ${products}`,
  available: (scope: string, products: string, when: string) => `${scope.charAt(0).toUpperCase()}${scope.slice(1)} is available offline (${products}), updated ${when}.`,
  stopped: (error: string) => `The download stopped: ${error}. It continues where it stopped when you try again.`,
  unknownError: 'unknown error',
};
export type SyncStatusWords = typeof syncStatusMessages;
