/**
 * npm test: type check, lint, unit and server tests, then the browser tests in Chromium.
 * Ends with one line `N passed, N failed` counting every test that ran (CI reads it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { failuresOf, readVitestReport } from './lib/vitest-report';

const reportDir = mkdtempSync(path.join(tmpdir(), 'backoffice-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const failedTests: string[] = [];

function run(step: string, args: string[]): boolean {
  console.log(`\n=== ${step} ===`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) failedSteps.push(step);
  return result.status === 0;
}

function vitest(step: string, args: string[]): void {
  const report = path.join(reportDir, `${step.replace(/\W+/g, '-')}.json`);
  const ok = run(step, ['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const counts = readVitestReport(report);
    totals.passed += counts.numPassedTests;
    totals.failed += counts.numFailedTests;
    totals.skipped += counts.numPendingTests + counts.numTodoTests;
    if (!ok && counts.numFailedTests === 0) totals.failed += 1; // a suite that failed outside any test
    failedTests.push(...failuresOf(step, counts));
  } catch {
    totals.failed += 1; // the run died before writing its report
  }
}

const onlyFast = process.argv.includes('--no-browser');

run('type check', ['node_modules/typescript/bin/tsc', '-b']);
run('lint', ['node_modules/eslint/bin/eslint.js', '.']);
vitest('unit and server tests', ['--project', 'unit', '--project', 'server']);
if (!onlyFast) vitest('browser tests', ['--config', 'vitest.e2e.config.ts']);
rmSync(reportDir, { recursive: true, force: true });

console.log('');
// Repeated at the end, where a CI log's tail shows them: the reporters print them far above.
for (const line of failedTests) console.log(`FAILED ${line}`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
