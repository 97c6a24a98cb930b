/**
 * npm test: type check, lint, unit and server tests, then the browser tests in Chromium
 * (docs/testing.md, "npm test"). The type check, the lint and the PWA's build run one after the
 * other beside the unit and server tests (their output is printed as each ends), each taking a turn
 * from the keeper the server test files take theirs from, so none runs beside a file with timed
 * checks (scripts/lib/test-turns.ts); the browser tests follow. Prints how long each phase took,
 * then ends with one line `N passed, N failed` counting every test that ran (CI reads it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, markBuilt, viteBuildCommand } from './lib/build';
import { phaseTimesTable, type PhaseTime } from './lib/phase-times';
import { startTurnKeeper, takeTurn, TURN_KEEPER_PORT_VARIABLE } from './lib/test-turns';
import { failuresOf, readVitestReport } from './lib/vitest-report';

const started = performance.now();
const reportDir = mkdtempSync(path.join(tmpdir(), 'backoffice-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const failedTests: string[] = [];
const phases: (PhaseTime & { startedAt: number })[] = [];

/** The keeper of turns (scripts/lib/test-turns.ts): the server test files take theirs from it, and so do the checks beside them. */
const turns = await startTurnKeeper();

interface StepOptions {
  /** Keep the step's output and print it in one piece when it ends (a step running beside another). */
  beside?: string;
  env?: NodeJS.ProcessEnv;
}

async function run(step: string, args: string[], { beside, env }: StepOptions = {}): Promise<boolean> {
  // A step beside the tests waits while a timed file runs, and a timed file waits for it.
  const giveBack = beside ? await takeTurn(turns.port, false) : undefined;
  const stepStarted = performance.now();
  if (!beside) console.log(`\n=== ${step} ===`);
  const child = spawn(process.execPath, args, { stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: env ?? process.env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      output += `${error.message}\n`;
      resolve(null);
    });
    child.on('close', (status) => resolve(status));
  });
  const seconds = (performance.now() - stepStarted) / 1000;
  if (beside) process.stdout.write(`\n=== ${step} (beside the ${beside}): ${code === 0 ? 'ok' : 'FAILED'} ===\n${output}`);
  giveBack?.();
  phases.push({ name: step, seconds, startedAt: stepStarted, ...(beside ? { beside } : {}) });
  if (code !== 0) failedSteps.push(step);
  return code === 0;
}

async function vitest(step: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  const report = path.join(reportDir, `${step.replace(/\W+/g, '-')}.json`);
  const ok = await run(step, ['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { env });
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

const withBrowser = !process.argv.includes('--no-browser');
const UNIT_AND_SERVER = 'unit and server tests';

/** The browser tests' data folders (the demo catalogue imported), made in the first phase. */
const browserData = mkdtempSync(path.join(tmpdir(), 'backoffice-test-data-'));

/**
 * Type check, lint and, for the browser tests, the PWA's build and their data folders, one after
 * the other (the browser tests' global setup makes the folders itself when this step failed).
 */
async function checksAndBuild(): Promise<void> {
  await run('type check', ['node_modules/typescript/bin/tsc', '-b'], { beside: UNIT_AND_SERVER });
  await run('lint', ['node_modules/eslint/bin/eslint.js', '.'], { beside: UNIT_AND_SERVER });
  if (!withBrowser) return;
  if (!buildIsCurrent()) {
    const { args, env } = viteBuildCommand();
    if (await run('PWA build', args, { beside: UNIT_AND_SERVER, env })) markBuilt();
  }
  await run('browser test data', ['node_modules/tsx/dist/cli.mjs', 'scripts/prepare-browser-test-data.ts', browserData], { beside: UNIT_AND_SERVER });
}

await Promise.all([
  vitest(UNIT_AND_SERVER, ['--project', 'unit', '--project', 'server'], { ...process.env, [TURN_KEEPER_PORT_VARIABLE]: String(turns.port) }),
  checksAndBuild(),
]);
await turns.close();
if (withBrowser) await vitest('browser tests', ['--config', 'vitest.e2e.config.ts'], { ...process.env, E2E_PREPARED_DATA: browserData });
rmSync(reportDir, { recursive: true, force: true });
rmSync(browserData, { recursive: true, force: true });

console.log('');
const inOrder = phases.sort((a, b) => a.startedAt - b.startedAt).map(({ startedAt: _, ...phase }) => phase);
for (const line of phaseTimesTable(inOrder, (performance.now() - started) / 1000)) console.log(line);
console.log('');
// Repeated at the end, where a CI log's tail shows them: the reporters print them far above.
for (const line of failedTests) console.log(`FAILED ${line}`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
