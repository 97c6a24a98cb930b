/**
 * The Parser screen's sentences about variants and parent rows (docs/feeds.md, "Variants and parent
 * rows"). Kept apart from messages.ts, which the sign-in page loads: only the Parser screen and the
 * server's import need these.
 */
export const feedVariantMessages = {
  intro:
    'Exports with variants write a product over several rows. Name the column that groups them (a handle, a parent); empty cells of the columns below then take the value of the group\u2019s first row.',
  mainProductRule:
    'Each family gets one main product: its parent row (SKU equal to the family key), else its first row. A product someone made main stays main.',
  groupColumnHint: 'Shopify: Handle. WooCommerce: Parent. Empty: every row stands alone.',
  keyColumnsHint: 'The columns a parent row is named by in its variations\u2019 group column (WooCommerce: SKU, ID; id:123 matches ID 123).',
  fillDownHint: 'Separated by commas, e.g. Title, Body (HTML), Vendor.',
  gatherHint: 'Every row of the group gets all values of these columns, e.g. Shopify\u2019s Image Src (one image per row).',
  skipIntro: 'Rows that are no product of their own, such as a variable product above its variations, are skipped and counted apart.',
  noSkipRules: 'No row is skipped.',
  skippedBadge: 'Skipped',
  skippedRow: 'Skipped by the row filter',
  skippedCount: (count: string) => `${count} skipped by the row filter`,
};
