/**
 * Serves the built site: `node scripts/serve.ts` (what `npm start` runs after building).
 *
 * The HTTP server is ours: Astro's node adapter builds in middleware mode (the `handler` of
 * `dist/server/entry.mjs` renders pages and API calls), and the built files are served in front
 * of it (`lib/staticFiles.ts`). Owning the server lets API calls skip the file-system lookup that
 * the adapter's standalone server makes for every request (5% more searches per second).
 *
 * One Node process uses one core. With PostgreSQL (DATABASE_URL) the server keeps no state of
 * its own that others need — sessions, holds, idempotency keys, rate limits and the webhook
 * outbox live in the database, and each process builds its own search index — so
 * WEB_CONCURRENCY=N runs N processes sharing the port (node:cluster), and a worker that dies is
 * replaced. PGlite opens its data directory from one process only, so without DATABASE_URL
 * the site always runs as one process.
 *
 * Each process also starts the background jobs (hold sweep, webhook sender, event delivery,
 * counter expiry); a PostgreSQL advisory lock lets one process per database lead them.
 */
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { parseServerEnv, type ServerEnv } from '../src/server/config.ts';
import { parseJobsEnv } from '../src/server/jobs/config.ts';
import { markServingProcess } from '../src/server/bus/index.ts';
import { needsServer } from '../src/server/flags/routing.ts';
import { routeRedirectFor } from '../src/server/redirects/registry.ts';
import { createDynamicCompression } from './lib/compression.ts';
import { isValidPercentEncoding, neutraliseForbiddenMethod, refuseBadEncoding, SERVER_OPTIONS } from './lib/requestRules.ts';
import { applySecurityHeaders } from './lib/securityHeaders.ts';
import { createStaticFiles } from './lib/staticFiles.ts';

const outDir = process.env.ASTRO_OUT_DIR || 'dist';
const entry = pathToFileURL(fileURLToPath(new URL(`../${outDir}/server/entry.mjs`, import.meta.url))).href;
// The background jobs, built as a chunk of the same bundle (integrations/server-jobs): they share its database handle.
const jobsEntry = pathToFileURL(fileURLToPath(new URL(`../${outDir}/server/jobs.mjs`, import.meta.url))).href;
const ticketRenderWorker = fileURLToPath(new URL(`../${outDir}/server/ticket-render.mjs`, import.meta.url));
const clientDir = fileURLToPath(new URL(`../${outDir}/client/`, import.meta.url));

const settings = z
  .object({
    /** Server processes; "auto" means one per core. */
    WEB_CONCURRENCY: z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
      .default(1)
      .transform((v) => (v === 'auto' ? availableParallelism() : v)),
    DATABASE_URL: z.string().optional(),
  })
  .safeParse({
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || undefined,
    DATABASE_URL: process.env.DATABASE_URL || undefined,
  });
if (!settings.success) {
  console.error(`Invalid environment configuration:\n${z.prettifyError(settings.error)}\nSee the configuration table in README.md.`);
  process.exit(1);
}
let serverEnv: ServerEnv;
try {
  // The server's own settings (HOST, PORT, …), checked before any process starts.
  serverEnv = parseServerEnv();
  parseJobsEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let processes = settings.data.WEB_CONCURRENCY;
if (processes > 1 && !settings.data.DATABASE_URL) {
  console.warn(`WEB_CONCURRENCY=${String(processes)} needs PostgreSQL (DATABASE_URL): PGlite serves from one process.`);
  processes = 1;
}

type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Answers a GET or HEAD of an address Admin redirected; false when there is none. */
function answerRouteRedirect(req: IncomingMessage, res: ServerResponse, url: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const queryAt = url.indexOf('?');
  const redirect = routeRedirectFor(queryAt < 0 ? url : url.slice(0, queryAt), queryAt < 0 ? '' : url.slice(queryAt));
  if (!redirect) return false;
  // A permanent move may be cached by browsers; a temporary one must be asked again each time.
  const cacheControl = redirect.status === 301 ? 'public, max-age=3600' : 'no-store';
  res.writeHead(redirect.status, { location: redirect.location, 'cache-control': cacheControl, 'content-length': '0' }).end();
  return true;
}

/** One server process: the built files first, then Astro; API calls go straight to Astro. */
async function serve(host: string, port: number): Promise<void> {
  // Pages rendered on request that are the same for everyone are kept beside the built files
  // (src/server/renderedPages.ts), so the static handler below answers their next visit.
  process.env.RENDERED_PAGES_DIR = clientDir;
  // E-ticket PDFs are drawn on a worker thread (src/server/tickets/ticketRenderer.ts), built beside the jobs.
  process.env.TICKET_RENDER_WORKER = ticketRenderWorker;
  // This process keeps its search index fresh from other processes' announcements (src/server/bus).
  markServingProcess();
  const { handler } = (await import(entry)) as { handler: AstroHandler };
  // Partners and feature flags are in memory before the first request: needsServer() below reads them.
  const { startServerJobs, loadRequestRegistries } = (await import(jobsEntry)) as {
    startServerJobs: () => Promise<unknown>;
    loadRequestRegistries: () => Promise<void>;
  };
  await loadRequestRegistries();
  const staticFiles = createStaticFiles(clientDir);
  // Rendered pages and API answers are compressed on the fly; built files come pre-compressed.
  const compress = createDynamicCompression();
  const https = new URL(serverEnv.SITE_URL).protocol === 'https:';
  const server = createServer(SERVER_OPTIONS, (req, res) => {
    const url = req.url ?? '/';
    applySecurityHeaders(req, res, { https });
    if (!isValidPercentEncoding(url)) {
      refuseBadEncoding(url, res);
      return;
    }
    neutraliseForbiddenMethod(req);
    compress(req, res, () => {
      const render = () => void handler(req, res);
      if (url.startsWith('/api/')) render();
      // Admin's route redirects come before any page, built or rendered (issue 25, SPEC §2).
      else if (answerRouteRedirect(req, res, url)) return;
      // A partner's host, or a page a feature flag may swap for this visitor: the server decides (issue 25).
      else if (needsServer(req.headers.host, url.split('?')[0] ?? url, req.headers.cookie)) render();
      else staticFiles(req, res, render);
    });
  });
  server.listen(port, host, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`Server listening on http://${host}:${String(port)}`);
  });
  // Every server process runs the scheduler; one per database leads (src/server/jobs), so the
  // hold sweep, webhooks, mails and counter expiry run whether or not anyone checks out.
  await startServerJobs();
}

if (processes === 1 || !cluster.isPrimary) {
  // A V8 CPU profile (node --cpu-prof, bench:booking's BENCH_CPU_PROF) is written only by a
  // process that exits, not by one a signal ends.
  if (process.execArgv.includes('--cpu-prof'))
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
  await serve(serverEnv.HOST, serverEnv.PORT);
} else {
  let stopping = false;
  for (let i = 0; i < processes; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Server process ${String(worker.process.pid)} exited (${signal || String(code)}); starting a new one.`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
      setTimeout(() => process.exit(0), 5000).unref();
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
}
