/**
 * Shoe sizes for bol's `Schoenmaat` attribute: the US -> EU table of the specification (section 3)
 * and matching a size against the attribute's value list.
 *
 * The table has 27 entries, US 1 to 14 in steps of 0.5. The spec fixes 1, 1.5, 2, 2.5, 3, 6, 9, 10,
 * 12 and 14; from US 3 upwards those points lie on one line of 2/3 EU size per half US size
 * (3 -> 36, 6 -> 40, 9 -> 44, 12 -> 48), so the entries in between follow that line. EU sizes are
 * written the way bol's value lists write them: whole, '.5', or a third as ' 1/3' / ' 2/3'.
 */
export const US_TO_EU_SHOE_SIZES: readonly (readonly [us: number, eu: string])[] = [
  [1, '33 2/3'],
  [1.5, '34'],
  [2, '34 2/3'],
  [2.5, '35.5'],
  [3, '36'],
  [3.5, '36 2/3'],
  [4, '37 1/3'],
  [4.5, '38'],
  [5, '38 2/3'],
  [5.5, '39 1/3'],
  [6, '40'],
  [6.5, '40 2/3'],
  [7, '41 1/3'],
  [7.5, '42'],
  [8, '42 2/3'],
  [8.5, '43 1/3'],
  [9, '44'],
  [9.5, '44 2/3'],
  [10, '45 1/3'],
  [10.5, '46'],
  [11, '46 2/3'],
  [11.5, '47 1/3'],
  [12, '48'],
  [12.5, '48 2/3'],
  [13, '49 1/3'],
  [13.5, '50'],
  [14, '50 2/3'],
];

/**
 * The EU size of a US size written as a number ('9.5', '9,5', 'US 9.5'), or null when the text is
 * not a US size of the table.
 */
export function usToEuShoeSize(usSize: string): string | null {
  const match = /^\s*(?:US\s*)?(\d{1,2}(?:[.,]\d)?)\s*$/i.exec(usSize);
  if (!match?.[1]) return null;
  const us = Number(match[1].replace(',', '.'));
  return US_TO_EU_SHOE_SIZES.find(([entry]) => entry === us)?.[1] ?? null;
}

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/**
 * The value of a Schoenmaat value list that is the given size, spaces ignored ('45 1/3' is
 * '451/3'); null when no value matches or the size is empty.
 */
export function matchShoeSizeValue(size: string, valueList: readonly string[]): string | null {
  const wanted = withoutSpaces(size);
  if (wanted === '') return null;
  return valueList.find((value) => withoutSpaces(value) === wanted) ?? null;
}

/**
 * The Schoenmaat value for a product size: converted from US to EU first when the supplier's sizes
 * are US sizes (a size that is not in the table stays as it is), then matched against the list.
 */
export function schoenmaatFor(productSize: string, valueList: readonly string[], sizesAreUs: boolean): string | null {
  const size = sizesAreUs ? (usToEuShoeSize(productSize) ?? productSize) : productSize;
  return matchShoeSizeValue(size, valueList);
}
