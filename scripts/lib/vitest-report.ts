/**
 * Reading vitest's JSON report: the counts and the failed tests by name. npm test (scripts/test.ts)
 * uses it for its totals and the failures it repeats at the end of its output; CI (.ci/run) runs
 * this file on the report of its PostgreSQL run: `node --import tsx scripts/lib/vitest-report.ts
 * <report.json> <label>` prints `N passed, N failed`, then one `FAILED <label>: …` line per failure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

export function readVitestReport(file: string): VitestJson {
  return JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
}

/** One line per failed test (or suite that failed outside a test), with the first line of its reason. */
export function failuresOf(label: string, report: VitestJson): string[] {
  const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`${label}: ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`${label}: ${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, label = 'failed'] = process.argv.slice(2);
  if (!file) throw new Error('usage: vitest-report.ts <report.json> [label]');
  const report = readVitestReport(file);
  console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  for (const line of failuresOf(label, report)) console.log(`FAILED ${line}`);
}
