import type { navMessages } from '../../../shared/nav-messages';

/** The navigation of docs/requirements.md §2, in its order; `key` names its words in navMessages.items. */
export const NAV_ITEMS = [
  { label: 'Dashboard', path: '/dashboard', key: 'dashboard' },
  { label: 'Products', path: '/products', key: 'products' },
  { label: 'Orders', path: '/orders', key: 'orders' },
  { label: 'Parser', path: '/parser', key: 'parser' },
  { label: 'Export', path: '/export', key: 'export' },
  { label: 'Logs', path: '/logs', key: 'logs' },
  { label: 'Reports', path: '/report', key: 'report' },
  { label: 'Upload EAN', path: '/uploadEan', key: 'uploadEan' },
] as const satisfies readonly { label: string; path: string; key: keyof typeof navMessages.items }[];

export function isActivePath(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
