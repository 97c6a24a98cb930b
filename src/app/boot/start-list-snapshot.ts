/**
 * Imported first by the boot entry (boot.ts): on an offline cold start of /products the kept list snapshot paints
 * before the app's modules run (list-snapshot.ts); without one, the list's read starts here
 * (early-list-read.ts).
 */
import { startListReadEarly } from './early-list-read';
import { showListSnapshotOnStart } from './list-snapshot';

if (!showListSnapshotOnStart()) startListReadEarly();
