/**
 * `npm test`'s first phase: the browser tests' data folders, made beside the unit and server tests
 * (scripts/lib/browser-test-data.ts). Usage: tsx scripts/prepare-browser-test-data.ts FOLDER
 */
import { prepareBrowserTestData } from './lib/browser-test-data';

const folder = process.argv[2];
if (!folder) throw new Error('usage: tsx scripts/prepare-browser-test-data.ts FOLDER');
const started = performance.now();
await prepareBrowserTestData(folder);
console.log(`[e2e] demo catalogue imported after ${((performance.now() - started) / 1000).toFixed(1)} s`);
