/** The header's title: the first segment of the path ('/products/12' -> 'products'). */
export function pathTitle(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment.length > 0);
  return first ? decodeURIComponent(first) : '';
}
