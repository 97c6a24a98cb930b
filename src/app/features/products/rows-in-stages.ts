/**
 * The product list shows a new page's rows in two stages: the rows that can fill the first
 * screen in the first frame, the rest in the frame after it has painted (docs/product-list.md
 * "Speed"). A page of 100 rows is ~2,400 elements; the person sees the first screen's worth
 * about as fast as a page of 20, and the rest a frame later, before they can scroll to it.
 */

/** The lowest a product row can be: its 40 px thumbnail (products.css, `.product-thumb`). */
export const ROW_MIN_HEIGHT_PX = 40;

/**
 * How many rows can be on the first screen: the viewport's height over the lowest row, so the
 * screen is full even when the table starts at the top. Without a usable height (a page not laid
 * out): every row.
 */
export function firstScreenRows(viewportHeight: number, rowMinHeight: number = ROW_MIN_HEIGHT_PX): number {
  if (!Number.isFinite(viewportHeight) || viewportHeight <= 0 || !(rowMinHeight > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.ceil(viewportHeight / rowMinHeight));
}

/**
 * How many of a new page's rows to show in its first frame: the first screen's, but never fewer
 * than the rows shown a moment before (a page shown again, say the device's copy replaced by the
 * server's answer, does not lose the rows below the screen for a frame), and never more than the
 * page has.
 */
export function rowsToShowFirst(rowCount: number, shownBefore: number, firstScreen: number): number {
  return Math.max(0, Math.min(rowCount, Math.max(firstScreen, shownBefore)));
}
