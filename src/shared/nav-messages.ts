/**
 * The frame's words (top bar, navigation, drawer, language choice), apart from the spec's
 * sentences in messages.ts so the sign-in page loads only these few. Dutch under 'nav.' in
 * src/app/i18n/locales/nl.po (docs/languages.md).
 */
export const navMessages = {
  /** The navigation of docs/requirements.md §2, by the first segment of each path. */
  items: {
    dashboard: 'Dashboard',
    products: 'Products',
    orders: 'Orders',
    parser: 'Parser',
    export: 'Export',
    logs: 'Logs',
    report: 'Reports',
    uploadEan: 'Upload EAN',
    users: 'Users',
  },
  /** The top bar's title: English shows the path's first segment itself (src/shared/rules/path-title.ts). */
  titles: {
    dashboard: 'dashboard',
    products: 'products',
    orders: 'orders',
    parser: 'parser',
    export: 'export',
    logs: 'logs',
    report: 'report',
    uploadEan: 'uploadEan',
    users: 'users',
    'offer-settings': 'offer-settings',
    login: 'login',
  } as Record<string, string | undefined>,
  mainNavigation: 'Main',
  drawerNavigation: 'Main (drawer)',
  openNavigation: 'Open navigation',
  closeNavigation: 'Close navigation',
  drawerTitle: 'Back Office',
  account: 'Account',
  language: 'Language',
  languageNotKept: 'The language is changed on this tablet, but could not be kept on your account. Choose it again once the connection is back.',
  /** The account could not be told now: the choice waits on this tablet and is sent once the connection is back. */
  languageKeptLater: 'The language is changed on this tablet; it will be kept on your account once the connection is back.',
} as const;
