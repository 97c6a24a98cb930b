/** The navigation of docs/requirements.md §2, in its order. */
export const NAV_ITEMS = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Products', path: '/products' },
  { label: 'Orders', path: '/orders' },
  { label: 'Parser', path: '/parser' },
  { label: 'Export', path: '/export' },
  { label: 'Logs', path: '/logs' },
  { label: 'Reports', path: '/report' },
  { label: 'Upload EAN', path: '/uploadEan' },
] as const;

export function isActivePath(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
