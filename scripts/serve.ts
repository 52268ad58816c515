/**
 * Serves the built site: `node scripts/serve.ts` (what `npm start` runs after building).
 *
 * One Node process uses one core. With PostgreSQL (DATABASE_URL) the server keeps no state of
 * its own that others need — sessions, holds, idempotency keys, rate limits and the webhook
 * outbox live in the database, and each process builds its own search index — so
 * WEB_CONCURRENCY=N runs N processes sharing the port (node:cluster), and a worker that dies is
 * replaced. PGlite opens its data directory from one process only, so without DATABASE_URL
 * the site always runs as one process.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';

const outDir = process.env.ASTRO_OUT_DIR || 'dist';
const entry = pathToFileURL(fileURLToPath(new URL(`../${outDir}/server/entry.mjs`, import.meta.url))).href;

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

let processes = settings.data.WEB_CONCURRENCY;
if (processes > 1 && !settings.data.DATABASE_URL) {
  console.warn(`WEB_CONCURRENCY=${String(processes)} needs PostgreSQL (DATABASE_URL): PGlite serves from one process.`);
  processes = 1;
}

if (processes === 1 || !cluster.isPrimary) {
  await import(entry);
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
