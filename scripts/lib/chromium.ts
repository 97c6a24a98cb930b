/**
 * Finds Debian's Chromium (browsers are not downloaded here) and the flags it runs with.
 *
 * The browser tests prefer Chromium's headless shell (Debian's `chromium-headless-shell`, the
 * "old" headless mode as a program of its own, the same engine without the desktop browser's
 * layers) when it is installed: the same files took 7–10 % less CPU in it (docs/testing.md,
 * "Browser tests"). The benches measure what a person's browser does, so they take the full
 * Chromium. CHROMIUM_PATH, when set, is used by both.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const HEADLESS_SHELLS = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser for the benches: CHROMIUM_PATH, else the full Chromium. */
export function findChromium(): string {
  return fromEnvironment() ?? firstExisting(CANDIDATES);
}

/** The browser for the browser tests: CHROMIUM_PATH, else the headless shell when installed, else the full Chromium. */
export function findTestChromium(): string {
  return fromEnvironment() ?? firstExisting([...HEADLESS_SHELLS, ...CANDIDATES]);
}

/**
 * The browser's version as it reports it ("150.0.7871.100"), or "unknown". The benches print it
 * beside their browser figures: the same build's figures moved by half between two Chromium
 * versions on the same machine (docs/benchmarks.md, "How noisy the figures are").
 */
export function chromiumVersion(executable?: string): string {
  try {
    const text = execFileSync(executable ?? findChromium(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    return /(\d+\.\d+\.\d+\.\d+)/.exec(text)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function fromEnvironment(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (!fromEnv) return undefined;
  if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to ${fromEnv}, which does not exist.`);
  return fromEnv;
}

function firstExisting(candidates: readonly string[]): string {
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it with `apt-get install -y chromium` ' +
        '(Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  return found;
}
