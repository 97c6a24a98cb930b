import { execSync } from 'node:child_process';
import { prepareDatabase, signIn, startFeedServer, supplierIds } from '../scripts/lib/load-fixture';
import { startServerProcess } from '../scripts/lib/server-process';
const dataDir = process.argv[2]!;
const feeds = await startFeedServer();
prepareDatabase(dataDir, [{ name: 'S', url: feeds.feedUrl(100_000) }]);
console.log(execSync(`df -m ${dataDir}`).toString());
const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_CATALOGUE: '0', OUTBOUND_ALLOW: `127.0.0.1:${feeds.port}`, ADMIN_USERNAME: 'b', ADMIN_PASSWORD: 'bench-password-1' });
const auth = await signIn(server.url, 'b', 'bench-password-1');
const id = (await supplierIds(server.url, auth)).get('S');
const t0 = Date.now();
const imp = fetch(`${server.url}/api/v1/feed/parse/${id}`, { method: 'POST', headers: auth }).then(async (r) => console.log('import answered', r.status, (await r.text()).slice(0, 600), 'after', Date.now() - t0)).catch((e) => console.log('import error', e));
for (let i = 0; i < 40; i++) {
  await new Promise((r) => setTimeout(r, 2000));
  const t = Date.now();
  const h = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 'timeout');
  const f = await fetch(`${server.url}/api/v1/bol/product/filter?page=0&size=5`, { headers: auth, signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 'timeout');
  console.log(`${(Date.now() - t0) / 1000}s healthz ${h} filter ${f} (${Date.now() - t} ms)`, execSync(`df -m ${dataDir} | tail -1`).toString().trim());
}
await imp;
console.log(server.output().slice(-3000));
await server.stop();
await feeds.close();
