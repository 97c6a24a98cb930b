/**
 * Loads a bol data model file into the database, replacing the current model (docs/bol.md has the
 * file format). Uses the same database as the server (DATABASE_URL, or the embedded one in
 * DATA_DIR: stop the server first, the embedded database has one user at a time).
 *
 *   npm run bol:model -- path/to/model.json     load a file
 *   npm run bol:model -- --demo                 load the demo model again
 *   npm run bol:model -- --print-demo > m.json  write the demo model as an example file
 */
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { readModelFile } from '../src/server/bol/bol-setup';
import { DEMO_MODEL } from '../src/server/bol/model/demo-model';
import { modelFileSchema } from '../src/server/bol/model/model-file';
import { loadModel } from '../src/server/bol/model/model-store';

async function main(): Promise<void> {
  const argument = process.argv[2];
  if (!argument || argument === '--help') {
    console.error('Usage: npm run bol:model -- <model.json> | --demo | --print-demo');
    process.exit(argument ? 0 : 2);
  }
  if (argument === '--print-demo') {
    process.stdout.write(`${JSON.stringify(DEMO_MODEL, null, 2)}\n`);
    return;
  }
  const model = argument === '--demo' ? modelFileSchema.parse(DEMO_MODEL) : readModelFile(argument);
  const config = readConfig();
  const handle = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  try {
    const loaded = await loadModel(handle.db, model);
    console.log(`Loaded ${loaded.chunks} categories with ${loaded.attributes} attributes from ${argument === '--demo' ? 'the demo model' : argument}`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
