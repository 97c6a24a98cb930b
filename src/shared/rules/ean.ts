/** GS1 identifiers (EAN-8, UPC-A/EAN-12, EAN-13, GTIN-14): digits only, with a valid check digit. */
export function gtinCheckDigit(withoutCheckDigit: string): number {
  let sum = 0;
  // Weights 3,1,3,1… from the right of the digits before the check digit.
  for (let i = 0; i < withoutCheckDigit.length; i += 1) {
    const digit = withoutCheckDigit.charCodeAt(withoutCheckDigit.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** The EAN rule's sentences (Dutch under 'ean.' in the catalogs, docs/languages.md). */
export const eanMessages = {
  empty: 'EAN is empty',
  digitsOnly: (value: string) => `EAN '${value}' must contain digits only`,
  length: (value: string) => `EAN '${value}' must have 8, 12, 13 or 14 digits`,
  checkDigit: (value: string, expected: number) => `EAN '${value}' has a wrong check digit (expected ${expected})`,
};

/** Why a value is not a usable EAN, as the sentence's key and arguments; null when it is one. */
export function eanProblemOf(value: string): { key: 'empty'; args: [] } | { key: 'digitsOnly' | 'length'; args: [string] } | { key: 'checkDigit'; args: [string, number] } | null {
  if (value.trim() === '') return { key: 'empty', args: [] };
  if (!/^\d+$/.test(value)) return { key: 'digitsOnly', args: [value] };
  if (![8, 12, 13, 14].includes(value.length)) return { key: 'length', args: [value] };
  if (!isValidGtin(value)) return { key: 'checkDigit', args: [value, gtinCheckDigit(value.slice(0, -1))] };
  return null;
}

/** Why a value is not a usable EAN, in `words` (English by default), or null when it is one. */
export function eanProblem(value: string, words: typeof eanMessages = eanMessages): string | null {
  const problem = eanProblemOf(value);
  if (problem === null) return null;
  if (problem.key === 'empty') return words.empty;
  if (problem.key === 'checkDigit') return words.checkDigit(...problem.args);
  return words[problem.key](...problem.args);
}

/**
 * The code in what a hand scanner or the camera read, or someone typed (spaces and dashes
 * dropped): 8 or 12–14 digits; null when it is no EAN. The check digit is not checked here: a
 * product with a wrong one is still found by what it holds (docs/product-list.md, "Scanning an EAN").
 */
export function readScannedCode(text: string): string | null {
  const code = text.replace(/[\s-]/g, '');
  return /^\d{8}$|^\d{12,14}$/.test(code) ? code : null;
}
