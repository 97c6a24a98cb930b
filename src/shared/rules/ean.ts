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

/** Why a value is not a usable EAN, or null when it is. */
export function eanProblem(value: string): string | null {
  if (value.trim() === '') return 'EAN is empty';
  if (!/^\d+$/.test(value)) return `EAN '${value}' must contain digits only`;
  if (![8, 12, 13, 14].includes(value.length)) return `EAN '${value}' must have 8, 12, 13 or 14 digits`;
  if (!isValidGtin(value)) return `EAN '${value}' has a wrong check digit (expected ${gtinCheckDigit(value.slice(0, -1))})`;
  return null;
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
