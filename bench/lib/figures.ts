/** How the benches summarise several runs of one figure. */

/** The median of some figures (the lower middle one for an even count). */
export const medianOf = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

/** "6,120 (5,980 / 6,120 / 6,300)": the median, then each run's figure in run order. */
export function medianWithRuns(values: readonly number[], digits = 0): string {
  const text = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return values.length === 1 ? text(values[0] ?? NaN) : `${text(medianOf(values))} (runs: ${values.map(text).join(' / ')})`;
}
