import { prepareBrowserTestData, ADMIN_ENV } from './scripts/lib/browser-test-data';
import { startServerProcess } from './scripts/lib/server-process';
const work = process.env.WORK!; 
import { mkdirSync } from 'node:fs'; mkdirSync(work, { recursive: true });
const { demoDataDir } = await prepareBrowserTestData(work);
const s = await startServerProcess({ ...ADMIN_ENV }, { copyDataFrom: demoDataDir });
const login = await fetch(`${s.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'e2e-admin-password' }) });
const tok = (await login.json()) as any; console.log(Object.keys(tok));
const token = tok.token ?? tok.accessToken;
for (const q of ['size=20', 'size=20&page=1', 'size=20&sort=title,asc', 'size=20&sort=productId,asc', 'size=20&sort=dateCreate,desc']) {
  const r = await fetch(`${s.url}/api/v1/bol/product/filter?${q}`, { headers: { authorization: `Bearer ${token}` } });
  const b = (await r.json()) as any; console.log(q, r.status, b.content?.length, b.content?.map((p: any) => p.productId).join(','));
}
await s.stop();
