/** Reading a worksheet's XML: shared by the EAN sheet and .xlsx feeds (docs/ean-and-images.md). */

/** 'x:row' → 'row': the element or attribute name without its namespace prefix. */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/** 'AB12' → 28 (A = 1); 0 when the reference has no letters. */
export function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}
