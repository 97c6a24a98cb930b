/**
 * The layer rules of docs/architecture.md are enforced by `npm run lint`; this proves the rules
 * really fail on wrong imports (and pass on right ones) by linting in-memory files placed in the
 * tree with ESLint's Node API and the project's own eslint.config.js.
 */
import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('import-x/')).map((message) => message.message);
}

describe('import boundaries (npm run lint)', () => {
  it("fails when a shared layer imports a feature", async () => {
    const errors = await boundaryErrors(
      'src/app/state/wrong-import.ts',
      "import { toFilterQuery } from '../features/products/product-list-rules';\nexport const query = toFilterQuery;\n",
    );
    expect(errors).toEqual([
      'Unexpected path "../features/products/product-list-rules" imported in restricted zone. src/app/state is shared by the features and must not import one (docs/architecture.md).',
    ]);
  }, 30_000);

  it("fails when a feature imports another feature's insides, and passes through its index.ts", async () => {
    const inside = await boundaryErrors(
      'src/app/features/orders/wrong-import.ts',
      "import { describeEntry } from '../sync/describe-entry';\nexport const describe = describeEntry;\n",
    );
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatch(/A feature imports another feature only through its index\.ts/);
    const publicSurface = await boundaryErrors('src/app/features/orders/right-import.ts', "export { SyncIndicator } from '../sync';\n");
    expect(publicSurface).toEqual([]);
  }, 30_000);

  it('fails when a feature reaches into the outbox instead of its entry point', async () => {
    const errors = await boundaryErrors('src/app/features/orders/wrong-import.ts', "export { enqueueProductSave } from '../../sync/outbox';\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Features use the outbox through src\/app\/sync\/app-sync\.ts/);
  }, 30_000);

  it('fails when a lower layer imports a higher one', async () => {
    const errors = await boundaryErrors('src/app/db/wrong-import.ts', "export { syncNow } from '../sync/app-sync';\n");
    expect(errors).toEqual(['Unexpected path "../sync/app-sync" imported in restricted zone. src/app/db must not import src/app/sync (docs/architecture.md "Layers").']);
  }, 30_000);

  it('fails when the edit controller imports the outbox: it is handed its reads and writes', async () => {
    const errors = await boundaryErrors('src/app/edit/wrong-import.ts', "export { submit } from '../sync/app-sync';\n");
    expect(errors).toEqual(['Unexpected path "../sync/app-sync" imported in restricted zone. src/app/edit must not import src/app/sync (docs/architecture.md "Layers").']);
    const fromUi = await boundaryErrors('src/app/ui/wrong-import.ts', "export { useEditController } from '../edit/use-edit-controller';\n");
    expect(fromUi).toEqual(['Unexpected path "../edit/use-edit-controller" imported in restricted zone. src/app/ui must not import src/app/edit (docs/architecture.md "Layers").']);
    const fromFeature = await boundaryErrors('src/app/features/orders/right-import.ts', "export { useEditController } from '../../edit/use-edit-controller';\n");
    expect(fromFeature).toEqual([]);
  }, 30_000);

  it('fails on an import cycle', async () => {
    // lib/format.ts is imported by features/products/product-list-rules.ts; importing back closes a cycle.
    const errors = await boundaryErrors(
      'src/app/features/products/product-list-view.ts',
      "import { countText } from '../../lib/format';\nimport { toFilterQuery } from './product-list-rules';\nexport const both = [countText, toFilterQuery];\n",
    );
    expect(errors.some((message) => /Dependency cycle detected/.test(message))).toBe(true);
  }, 30_000);

  it('fails when the server imports app code', async () => {
    const errors = await boundaryErrors('src/server/wrong-import.ts', "export { countText } from '../app/lib/format';\n");
    expect(errors).toEqual([
      'Unexpected path "../app/lib/format" imported in restricted zone. The server must not import app code; what both need lives in src/shared (docs/architecture.md).',
    ]);
  }, 30_000);

  it("fails when boot/ imports a layer the app's entry must not load, and when a layer below reaches into boot/", async () => {
    const boot = await boundaryErrors('src/app/boot/wrong-import.ts', "export { syncNow } from '../sync/app-sync';\n");
    expect(boot).toEqual([
      'Unexpected path "../sync/app-sync" imported in restricted zone. src/app/boot runs before the app: it imports only db, lib, src/shared and the products feature (docs/architecture.md "Layers").',
    ]);
    const otherFeature = await boundaryErrors('src/app/boot/wrong-import.ts', "export { OrdersPage } from '../features/orders/OrdersPage';\n");
    expect(otherFeature).toHaveLength(1);
    expect(otherFeature[0]).toMatch(/of the features it imports only products/);
    expect(await boundaryErrors('src/app/boot/right-import.ts', "export { toFilterQuery } from '../features/products/product-list-rules';\n")).toEqual([]);
    const inside = await boundaryErrors('src/app/state/wrong-import.ts', "export { paintEarlyRows } from '../boot/early-rows';\n");
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatch(/through boot\/list-snapshot\.ts and boot\/list-snapshot-store\.ts only/);
    expect(await boundaryErrors('src/app/state/right-import.ts', "export { forgetListSnapshot } from '../boot/list-snapshot-store';\n")).toEqual([]);
  }, 30_000);

  it("fails when the server's platform imports a wing, and when a wing imports one above it", async () => {
    const platform = await boundaryErrors('src/server/http/wrong-import.ts', "export { listChunks } from '../bol/model/model-store';\n");
    expect(platform).toEqual([
      'Unexpected path "../bol/model/model-store" imported in restricted zone. src/server/http is the platform below every wing and must not import src/server/bol (docs/architecture.md "Layers of the server").',
    ]);
    const upwards = await boundaryErrors('src/server/jobs/wrong-import.ts', "export { importSupplierFeed } from '../feeds/feed-import';\n");
    expect(upwards).toEqual([
      'Unexpected path "../feeds/feed-import" imported in restricted zone. The jobs wing must not import the feeds wing: wings import only the wings below them (docs/architecture.md "Layers of the server").',
    ]);
    expect(await boundaryErrors('src/server/feeds/right-import.ts', "export { enqueueJob } from '../jobs/job-store';\n")).toEqual([]);
    const routes = await boundaryErrors('src/server/catalogue/wrong-import.ts', "export { bolRoutes } from '../routes/bol';\n");
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatch(/src\/server\/catalogue must not import the routes/);
  }, 30_000);

  it('fails on an import cycle inside the server', async () => {
    // jobs/job-runner.ts imports jobs/job-store.ts; importing back closes a cycle.
    const errors = await boundaryErrors('src/server/jobs/job-store.ts', "import { JobRunner } from './job-runner';\nexport const runner = JobRunner;\n");
    expect(errors.some((message) => /Dependency cycle detected/.test(message))).toBe(true);
  }, 30_000);

  it('bites when ESLint runs from a folder below the project root', () => {
    // The CLI from src/app finds the project's eslint.config.js above it; the zones must still apply.
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', path.join(root, 'src/app/db/wrong-import.ts'), '--format', 'json'],
      { cwd: path.join(root, 'src/app'), input: "export { syncNow } from '../sync/app-sync';\n", encoding: 'utf8' },
    );
    const [report] = JSON.parse(result.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
    expect(report?.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message)).toEqual([
      'Unexpected path "../sync/app-sync" imported in restricted zone. src/app/db must not import src/app/sync (docs/architecture.md "Layers").',
    ]);
  }, 60_000);
});
