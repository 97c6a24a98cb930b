/**
 * Where browser tests keep the screenshots they take for a person to look at: `SCREENSHOTS_DIR`,
 * or a folder in the system's temporary directory. Created when first used.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SHOTS = process.env.SCREENSHOTS_DIR || path.join(tmpdir(), 'backoffice-screenshots');
mkdirSync(SHOTS, { recursive: true });
