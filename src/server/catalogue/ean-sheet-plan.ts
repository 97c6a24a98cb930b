/**
 * What an EAN sheet changes, decided from its rows and the products they name, before anything is
 * written. Pure, so every refusal rule is tested without a database.
 *
 * EANs are compared as GTINs: '0012345678905', '012345678905' and '12345678905' name the same
 * item (leading zeros do not change a GTIN or its check digit), so a sheet typed with numbers in
 * Excel still finds products whose supplier EAN was stored with its zeros.
 */
import type { EanUploadReport } from '../../shared/contract';
import { eanProblemOf } from '../../shared/rules/ean';
import { reasonSentence, serverSentence, type ServerSentence } from '../../shared/server-messages';
import { NEW_EAN_COLUMN, SUPPLIER_EAN_COLUMN, type EanCell, type EanSheetRow } from './ean-sheet';

export interface ProductEanRef {
  productId: number;
  supplierEan: string;
  ean: string;
}

export interface EanSheetLookup {
  /** Products whose supplier EAN is one of the sheet's supplier EANs (in any zero-padded form). */
  bySupplierEan: ProductEanRef[];
  /** Products whose EAN is one of the sheet's new EANs (in any zero-padded form). */
  byEan: ProductEanRef[];
}

export interface EanChange {
  row: number;
  supplierEan: string;
  newEan: string;
  productIds: number[];
  /** False when the new EAN is the supplier EAN itself: the product goes back to its own EAN. */
  isChangeEan: boolean;
}

export interface EanPlan {
  applied: EanChange[];
  refused: EanUploadReport['refused'];
}

/** The GTIN-14 form of a digit string: the key two EANs are compared by. */
export function gtinKey(digits: string): string {
  return digits.padStart(14, '0');
}

/** The forms a stored EAN of this GTIN may have (8, 12, 13 or 14 digits): for an indexed lookup. */
export function gtinVariants(digits: string): string[] {
  const significant = digits.replace(/^0+/, '');
  const forms = new Set([digits]);
  for (const length of [8, 12, 13, 14]) {
    if (significant.length <= length) forms.add(significant.padStart(length, '0'));
  }
  return [...forms];
}

function cellProblem(column: string, cell: EanCell): ServerSentence | null {
  if ('problem' in cell) {
    const problem = cell.problem;
    switch (problem.key) {
      case 'empty':
        return serverSentence('eanCellEmpty', column);
      case 'date':
        return serverSentence('eanCellDate', column);
      case 'formula':
        return serverSentence('eanCellFormula', column);
      case 'notEan':
        return serverSentence('eanCellNotEan', column, problem.value);
      case 'decimals':
        return serverSentence('eanCellDecimals', column, problem.value);
      case 'scientific':
        return serverSentence('eanCellScientific', column, problem.value);
      case 'excelError':
        return serverSentence('eanCellExcelError', column, problem.error);
    }
  }
  const problem = eanProblemOf(cell.ean);
  if (problem === null) return null;
  switch (problem.key) {
    case 'empty':
      return serverSentence('eanCellEmpty', column);
    case 'checkDigit':
      return serverSentence('eanCellCheckDigit', column, ...problem.args);
    case 'digitsOnly':
      return serverSentence('eanCellDigitsOnly', column, ...problem.args);
    case 'length':
      return serverSentence('eanCellLength', column, ...problem.args);
  }
}

/** A refused row as the report carries it: the English reason, and its id and arguments for the app's catalogs. */
const refusal = (row: number, said: ServerSentence): EanPlan['refused'][number] => ({ row, reason: said.message, ...reasonSentence(said) });

function takenBy(column: string, ean: string, productIds: number[]): ServerSentence {
  if (productIds.length === 1) return serverSentence('eanTakenByProduct', column, ean, productIds[0] as number);
  return serverSentence('eanTakenByProducts', column, ean, productIds.slice(0, 3).join(', '), Math.max(0, productIds.length - 3));
}

/**
 * The rows to apply and the rows refused, each refusal with its row number and reason:
 * a cell that is empty or not a valid EAN (GS1 check digit), a supplier EAN or new EAN that appears
 * in more than one row (all those rows are refused: which one was meant is unknowable), a supplier
 * EAN no product has, and a new EAN that is already the EAN of a product this row does not change.
 * Checked against the catalogue as it was before the upload.
 */
export function planEanUpload(rows: EanSheetRow[], lookup: EanSheetLookup): EanPlan {
  const refused: EanPlan['refused'] = [];
  const valid: { row: number; supplierEan: string; newEan: string }[] = [];
  for (const row of rows) {
    const problems = [cellProblem(SUPPLIER_EAN_COLUMN, row.supplierEan), cellProblem(NEW_EAN_COLUMN, row.newEan)].filter(
      (problem): problem is ServerSentence => problem !== null,
    );
    if (problems.length > 0 || !('ean' in row.supplierEan) || !('ean' in row.newEan)) {
      const [first, second] = problems as [ServerSentence, ServerSentence | undefined];
      refused.push(refusal(row.row, second ? serverSentence('eanRowTwoProblems', first, second) : first));
    } else {
      valid.push({ row: row.row, supplierEan: row.supplierEan.ean, newEan: row.newEan.ean });
    }
  }

  const rowsBy = (key: (entry: (typeof valid)[number]) => string) => {
    const map = new Map<string, number[]>();
    for (const entry of valid) map.set(key(entry), [...(map.get(key(entry)) ?? []), entry.row]);
    return map;
  };
  const rowsBySupplier = rowsBy((entry) => gtinKey(entry.supplierEan));
  const rowsByNew = rowsBy((entry) => gtinKey(entry.newEan));

  const productsBySupplier = new Map<string, ProductEanRef[]>();
  for (const product of lookup.bySupplierEan) {
    const key = gtinKey(product.supplierEan);
    productsBySupplier.set(key, [...(productsBySupplier.get(key) ?? []), product]);
  }
  const productsByEan = new Map<string, ProductEanRef[]>();
  for (const product of lookup.byEan) {
    const key = gtinKey(product.ean);
    productsByEan.set(key, [...(productsByEan.get(key) ?? []), product]);
  }

  const applied: EanChange[] = [];
  for (const entry of valid) {
    const supplierKey = gtinKey(entry.supplierEan);
    const newKey = gtinKey(entry.newEan);
    const sameSupplier = rowsBySupplier.get(supplierKey) ?? [];
    const sameNew = rowsByNew.get(newKey) ?? [];
    const refuse = (said: ServerSentence) => refused.push(refusal(entry.row, said));
    const rowNumbers = (rows: number[]) => rows.map(String);

    if (sameSupplier.length > 1) {
      refuse(serverSentence('eanRowTwice', SUPPLIER_EAN_COLUMN, entry.supplierEan, rowNumbers(sameSupplier)));
      continue;
    }
    if (sameNew.length > 1) {
      refuse(serverSentence('eanRowTwice', NEW_EAN_COLUMN, entry.newEan, rowNumbers(sameNew)));
      continue;
    }
    const targets = productsBySupplier.get(supplierKey) ?? [];
    if (targets.length === 0) {
      refuse(serverSentence('eanNoProduct', entry.supplierEan));
      continue;
    }
    const targetIds = new Set(targets.map((product) => product.productId));
    const others = (productsByEan.get(newKey) ?? []).filter((product) => !targetIds.has(product.productId));
    if (others.length > 0) {
      refuse(takenBy(NEW_EAN_COLUMN, entry.newEan, others.map((product) => product.productId)));
      continue;
    }
    applied.push({
      row: entry.row,
      supplierEan: entry.supplierEan,
      newEan: entry.newEan,
      productIds: [...targetIds].sort((a, b) => a - b),
      isChangeEan: newKey !== supplierKey,
    });
  }
  refused.sort((a, b) => a.row - b.row);
  return { applied, refused };
}
