import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The app's layers (docs/architecture.md "Layers"). A feature folder is a unit: another feature may
 * import only its public surface (its index.ts); the shared layers below the features never import
 * a feature; nothing imports in a cycle.
 */
const FEATURES = readdirSync(new URL('./src/app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_APP_LAYERS = ['api', 'db', 'edit', 'lib', 'state', 'sync', 'ui'];
/**
 * The zones' paths are relative to the project, wherever ESLint runs from: import-x resolves them
 * against the working directory unless told otherwise, so from any folder below the root every
 * zone matched nothing and passed.
 */
const PROJECT_ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The server's layers (docs/architecture.md "Layers of the server"): the root files (main.ts,
 * app.ts, app-deps.ts, app-jobs.ts, config.ts) compose the server; routes/ answer the calls; the
 * wings hold the rules of one area each; the platform (http, db, lib) knows no wing. Each layer
 * imports only the layers below it.
 */
const SERVER_ROOT_FILES = './src/server/*.ts';
const SERVER_PLATFORM = ['http', 'db', 'lib'];
/** Which wing uses which directly; a wing may import what these reach, and nothing else of another wing. */
const SERVER_WING_USES = {
  bol: ['catalogue', 'demo', 'jobs', 'media'],
  demo: ['feeds'],
  feeds: ['catalogue', 'jobs', 'media'],
  catalogue: ['media'],
  jobs: [],
  media: [],
  accounts: ['auth'],
  auth: [],
};
const SERVER_WINGS = Object.keys(SERVER_WING_USES);
/** Every wing `wing` may import: those it uses and, below them, those they use. */
function wingsBelow(wing, seen = new Set()) {
  for (const used of SERVER_WING_USES[wing]) {
    if (!seen.has(used)) {
      seen.add(used);
      wingsBelow(used, seen);
    }
  }
  return seen;
}

const serverZones = [
  // The root files compose the server; nothing below them imports them.
  ...['routes', ...SERVER_WINGS, ...SERVER_PLATFORM].map((folder) => ({
    target: `./src/server/${folder}`,
    from: SERVER_ROOT_FILES,
    message: `src/server/${folder} must not import the server's root files (main.ts, app.ts, app-deps.ts, app-jobs.ts, config.ts); take what it needs as deps (docs/architecture.md "Layers of the server").`,
  })),
  ...[...SERVER_WINGS, ...SERVER_PLATFORM].map((folder) => ({
    target: `./src/server/${folder}`,
    from: './src/server/routes',
    message: `src/server/${folder} must not import the routes (docs/architecture.md "Layers of the server").`,
  })),
  ...SERVER_PLATFORM.flatMap((layer) =>
    SERVER_WINGS.map((wing) => ({
      target: `./src/server/${layer}`,
      from: `./src/server/${wing}`,
      message: `src/server/${layer} is the platform below every wing and must not import src/server/${wing} (docs/architecture.md "Layers of the server").`,
    })),
  ),
  // Inside the platform: lib <- db <- http.
  ...[
    ['lib', ['db', 'http']],
    ['db', ['http']],
  ].flatMap(([layer, above]) =>
    above.map((other) => ({
      target: `./src/server/${layer}`,
      from: `./src/server/${other}`,
      message: `src/server/${layer} must not import src/server/${other} (docs/architecture.md "Layers of the server").`,
    })),
  ),
  ...SERVER_WINGS.flatMap((wing) => {
    const below = wingsBelow(wing);
    return SERVER_WINGS.filter((other) => other !== wing && !below.has(other)).map((other) => ({
      target: `./src/server/${wing}`,
      from: `./src/server/${other}`,
      message: `The ${wing} wing must not import the ${other} wing: wings import only the wings below them (docs/architecture.md "Layers of the server").`,
    }));
  }),
];

export const boundaryZones = [
  // The server runs on Node and answers the app over HTTP; it never imports the app's code.
  {
    target: './src/server',
    from: './src/app',
    message: 'The server must not import app code; what both need lives in src/shared (docs/architecture.md).',
  },
  ...serverZones,
  ...FEATURES.map((feature) => ({
    target: `./src/app/features/${feature}`,
    from: './src/app/features',
    except: [`./${feature}`, ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'A feature imports another feature only through its index.ts (docs/architecture.md).',
  })),
  ...SHARED_APP_LAYERS.map((layer) => ({
    target: `./src/app/${layer}`,
    from: './src/app/features',
    message: `src/app/${layer} is shared by the features and must not import one (docs/architecture.md).`,
  })),
  // Below the features the layers import downwards only: lib <- state/api <- db <- sync; ui stands apart;
  // edit (the edit controller) sits just below the features and is handed its reads and writes.
  ...[
    ['lib', ['api', 'db', 'edit', 'state', 'sync', 'ui']],
    ['state', ['db', 'edit', 'sync', 'ui']],
    ['api', ['db', 'edit', 'sync', 'ui']],
    ['db', ['api', 'edit', 'state', 'sync', 'ui']],
    ['sync', ['edit', 'ui']],
    ['ui', ['db', 'edit', 'sync']],
    ['edit', ['api', 'sync']],
  ].flatMap(([layer, above]) =>
    above.map((other) => ({
      target: `./src/app/${layer}`,
      from: `./src/app/${other}`,
      message: `src/app/${layer} must not import src/app/${other} (docs/architecture.md "Layers").`,
    })),
  ),
  // boot/ is the page's entry, beside the app root: it runs before the app and paints the product
  // list early, so it imports only db, lib, src/shared and the products feature; below the root
  // only the list snapshot's keeping may be imported from it.
  {
    target: './src/app/boot',
    from: ['./src/app/api', './src/app/state', './src/app/sync', './src/app/ui'],
    message: 'src/app/boot runs before the app: it imports only db, lib, src/shared and the products feature (docs/architecture.md "Layers").',
  },
  {
    target: './src/app/boot',
    from: './src/app/features',
    except: ['./products'],
    message: 'src/app/boot paints the product list early: of the features it imports only products (docs/architecture.md "Layers").',
  },
  {
    target: ['./src/app/features', './src/app/state'],
    from: './src/app/boot',
    except: ['./list-snapshot.ts', './list-snapshot-store.ts'],
    message: 'Screens and state keep and drop the list snapshot through boot/list-snapshot.ts and boot/list-snapshot-store.ts only (docs/architecture.md "Layers").',
  },
  {
    target: ['./src/app/api', './src/app/db', './src/app/lib', './src/app/sync', './src/app/ui'],
    from: './src/app/boot',
    message: 'src/app/api, db, lib, sync and ui must not import src/app/boot, which runs before the app (docs/architecture.md "Layers").',
  },
  // Features write through the outbox's entry point only, never its tables or entries.
  {
    target: './src/app/features',
    from: './src/app/sync',
    except: ['./app-sync.ts', './outbox-kinds.ts', './record-diff.ts'],
    message: 'Features use the outbox through src/app/sync/app-sync.ts (docs/architecture.md "The offline engine").',
  },
  // Features reach Dexie only through the copies db/device-copies.ts keeps for them.
  {
    target: './src/app/features',
    from: './src/app/db',
    except: ['./device-copies.ts', './device-first.ts', './product-cache.ts', './query-key.ts'],
    message: 'Features read and keep device copies through src/app/db/device-copies.ts, never the Dexie tables (docs/architecture.md).',
  },
];

export default tseslint.config(
  // .tmp/: scratch scripts, git-ignored like the build output.
  { ignores: ['dist', 'dist-server', 'dist-server.tmp-*', 'node_modules', 'data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.d.ts'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones, basePath: PROJECT_ROOT }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Screens never call fetch directly: reads go through app/api, writes through app/sync.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the client in src/app/api.' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The PWA must not import server code.' },
            { group: ['node:*'], message: 'The PWA runs in the browser.' },
          ],
        },
      ],
    },
  },
  {
    // Online or not has one owner (docs/architecture.md "One owner for each rule").
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/lib/online.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'navigator', property: 'onLine', message: 'Use isOnline/watchOnline (src/app/lib/online.ts) or onlineAtom.' }],
    },
  },
  {
    // The service worker is not a screen: answering the page's requests (from the cache, else the
    // network) is its job.
    files: ['src/app/sw.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/**', '**/server/**', 'node:*', 'react', 'react-dom'], message: 'src/shared is pure: no DOM, Node or app code.' }] },
      ],
    },
  },
);
