/** Starts the back end: database, migrations, first administrator, then the HTTP server. */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createApp } from './app';
import { startBol } from './bol/bol-setup';
import { CatalogueUpkeep } from './catalogue/catalogue-upkeep';
import { warmUpProductFilter } from './catalogue/filter-warm-up';
import { LoginThrottle } from './auth/login-throttle';
import { loadSigningSecret } from './auth/secret';
import { TokenService } from './auth/tokens';
import { assignUserNameKeys, defaultSignInWorks, prepareAdministrator } from './accounts/accounts';
import { readConfig } from './config';
import { openDatabase } from './db/connection';
import { importDemoCatalogue, seedDemoSuppliers } from './demo/demo-seed';
import { claimRunMarker } from './db/run-marker';
import { keepParseWorkerReady, prepareParseWorker } from './feeds/parse-in-worker';
import { resetInterruptedRuns } from './feeds/supplier-lock';
import { createJobRunner } from './app-jobs';
import { interruptAbandonedJobs, releaseOrphanedSupplierFlags } from './jobs/job-store';
import { Scheduler } from './jobs/scheduler';
import { queueOfferSyncIfDue } from './bol/offers/offer-sync-job';
import { clientAddressOf } from './http/client-address';
import { ServerHealth } from './http/server-health';
import { releaseAbandonedClaims } from './http/idempotency';
import { httpServerOptions } from './http/server-limits';
import { lingerBeforeClosing } from './http/lingering-close';
import { ServerLifecycle } from './http/lifecycle';
import { openMediaStore } from './media/open-media-store';
import type { AppDeps } from './app-deps';
import { describeError } from './lib/caught-errors';

/** How this server reaches itself (for feed and image addresses that are paths): a wildcard host means loopback. */
function selfOriginOf(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

async function main(): Promise<void> {
  const config = readConfig();
  const handle = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  console.log(`[server] database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`);

  // Before sign-in opens: sign-in finds users by the key of their name (docs/security.md, "Accounts").
  for (const line of await assignUserNameKeys(handle.db)) console.warn(`[server] ${line}`);
  for (const line of await prepareAdministrator(handle.db, config.adminUsername, config.adminPassword)) console.log(`[server] ${line}`);
  // As long as admin/admin works, whatever the settings say (docs/security.md, "The administrator").
  if (await defaultSignInWorks(handle.db)) {
    console.warn('[server] WARNING: the default sign-in admin/admin works; set ADMIN_PASSWORD (and ADMIN_USERNAME) and restart');
  }

  const marker = claimRunMarker(config.dataDir);
  // The embedded database belongs to this process alone: every job still running is a dead run's.
  // On PostgreSQL other processes may be running jobs: only those whose lease ran out (docs/jobs.md).
  const embedded = handle.kind === 'pglite';
  const leaseSeconds = config.jobLeaseSeconds;
  const abandoned = await interruptAbandonedJobs(handle.db, { all: embedded, leaseSeconds });
  if (abandoned.length > 0) console.log(`[server] marked ${abandoned.length} job(s) left running by a previous run interrupted`);
  const abandonedRuns = abandoned.filter((job) => job.supplierId !== null).length;
  const reset = embedded ? await resetInterruptedRuns(handle.db) : { released: await releaseOrphanedSupplierFlags(handle.db), interrupted: 0 };
  const released = reset.released + abandonedRuns;
  const interrupted = Math.max(reset.interrupted, abandonedRuns);
  if (released > 0) console.log(`[server] released ${released} supplier(s) left busy by a previous run`);
  // An import cut short never ran its closing upkeep (product-maintenance.ts): run it now.
  const upkeepReason =
    released + interrupted > 0 ? `${interrupted} import(s) or re-export(s) were interrupted` : marker.previousRunUnclean ? 'the previous run did not stop cleanly' : null;
  // The embedded database belongs to this process alone: every claim still in flight is a dead run's.
  const claims = await releaseAbandonedClaims(handle.db, handle.kind === 'pglite');
  if (claims > 0) console.log(`[server] released ${claims} Idempotency-Key claim(s) left in flight by a previous run`);
  const demo = process.env.DEMO_CATALOGUE !== '0' && (await seedDemoSuppliers(handle.db));
  if (demo) console.log('[server] empty database: created the demo suppliers; their feeds are imported once the server listens');

  const bol = await startBol(config.bol, handle.db);

  const tokens = new TokenService(loadSigningSecret(config.dataDir, config.jwtSecret), config.tokenLifetimeSeconds);
  const throttle = new LoginThrottle(config.login.maxFailures, config.login.windowSeconds, config.login.maxFailuresPerAddress);
  const lifecycle = new ServerLifecycle();
  const media = openMediaStore(handle.db, config.media, config.dataDir);
  const staleUploads = await media.removeStaleSpool();
  if (staleUploads > 0) console.log(`[server] removed ${staleUploads} temporary upload file(s) left by a previous run`);
  const deps: AppDeps = {
    lifecycle,
    db: handle.db,
    tokens,
    throttle,
    media,
    staticDir: config.staticDir,
    clientAddress: (c) => clientAddressOf(getConnInfo(c).remote.address, c.req.header('X-Forwarded-For'), config.trustProxyHops),
    selfOrigin: selfOriginOf(config.host, config.port),
    outbound: config.outbound,
    health: new ServerHealth({ db: handle.db, dataDir: config.dataDir, importMinFreeBytes: config.importMinFreeBytes }),
    bol: bol.deps,
  };
  // After bulk changes; on the embedded database the full upkeep waits for a quiet moment (catalogue-upkeep.ts).
  const upkeep = new CatalogueUpkeep({
    db: handle.db,
    deferFullUpkeep: embedded,
    isBusy: () => lifecycle.runningRequests > 0 || (deps.health?.importsRunning ?? 0) > 0,
    lastActivityAt: () => lifecycle.lastActivityAt,
    log: (line) => console.log(line),
  });
  deps.upkeep = upkeep;
  const jobs = createJobRunner(deps, { leaseSeconds });
  deps.jobs = jobs;
  const app = createApp(deps);
  const scheduler = new Scheduler(handle.db, () => jobs.kick(), {
    orderImport: Boolean(bol.deps),
    // Offers follow the catalogue: an offer sync is queued when something is due (docs/bol.md).
    alsoQueue: bol.deps?.client ? (now) => queueOfferSyncIfDue(handle.db, now) : undefined,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: httpServerOptions() }, (info) => {
    console.log(`[server] listening on http://${config.host}:${info.port}`);
    // The feed parser's worker bundle (under tsx) is built now, and a parser thread is kept
    // started, so an import does not wait for either (docs/feeds.md, "Import memory").
    void prepareParseWorker().then(keepParseWorkerReady);
    // The routes read deps.selfOrigin when they run, so the real port (PORT=0) is picked up here.
    deps.selfOrigin = selfOriginOf(config.host, info.port);
    // In the background: /healthz and sign-in answer while the demo catalogue fills.
    if (demo) void importDemoCatalogue(deps);
    // Queued jobs (also those another process queued) and schedules (docs/jobs.md).
    jobs.start();
    scheduler.start();
    if (upkeepReason) void upkeep.afterBulkChange(upkeepReason);
    // The embedded database's first filter calls cost twice what later ones do (catalogue/filter-warm-up.ts).
    if (embedded) {
      const started = Date.now();
      warmUpProductFilter(handle.db, {
        isBusy: () => lifecycle.runningRequests > 0 || (deps.health?.importsRunning ?? 0) > 0,
        stopped: () => lifecycle.isDraining,
      }).then(
        (ran) => ran > 0 && console.log(`[server] product filter warmed up (${ran} filters, ${Date.now() - started} ms)`),
        (error: unknown) => console.warn(`[server] warming up the product filter failed: ${describeError(error)}`),
      );
    }
  });
  // A refusal that leaves the body unread reaches the client before the connection closes.
  lingerBeforeClosing(server);

  // SIGTERM (docs/deployment.md, "Running on several machines"): not ready, new requests refused with 503, running
  // requests get SHUTDOWN_GRACE_SECONDS to finish, then the bol simulator and the database close.
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`[server] ${signal}: shutting down, ${lifecycle.runningRequests} request(s) running`);
    setTimeout(() => {
      console.error('[server] shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000).unref();
    // Still listening while draining: a new request gets 503 with Connection: close (and
    // /healthz/ready 503), which a load balancer retries elsewhere. (node's server.close() would
    // also drop connections whose request body is still arriving.)
    lifecycle.startDraining();
    // Running jobs stop between two batches and are marked interrupted; another process may run them again.
    scheduler.stop();
    await jobs.stop();
    upkeep.stop();
    const finished = await lifecycle.whenIdle(config.shutdownGraceMs);
    if (!finished) console.warn(`[server] ${lifecycle.runningRequests} request(s) still running after ${config.shutdownGraceMs / 1000} s: cut off`);
    // The last answers are still being written: close() waits for them (and closes idle
    // kept-alive connections); whatever is left after two seconds is cut.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const cut = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), 2_000);
    await closed;
    clearTimeout(cut);
    await bol.close();
    await handle.close();
    await marker.release();
    console.log('[server] database closed; stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`[server] failed to start: ${describeError(error)}`);
  process.exit(1);
});
