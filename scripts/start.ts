/**
 * `npm start`: prepare the database, build when the inputs changed, serve on http://localhost:4321,
 * then finish the build's deferred steps (site search index, pre-compressed copies) in the
 * background at low priority, so the first page answers minutes sooner (scripts/lib/afterBuild.ts).
 *
 * The build is skipped when a stamp of its inputs (source files, lockfile and the inventory
 * version the pre-rendered pages were made from) matches the last build's, so a second start
 * with nothing changed goes straight to serving.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseServerEnv } from '../src/server/config.ts';
import { openDb } from '../src/server/db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { afterBuildPending } from './lib/afterBuild.ts';
import { buildInputsStamp, currentInventoryVersion } from './lib/buildStamp.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = `${root}dist/.build-stamp`;
const serverEntry = `${root}dist/server/entry.mjs`;
const serveScript = `${root}scripts/serve.ts`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const env = parseServerEnv();
const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR });
let inventoryVersion: number;
try {
  await prepareDatabase(handle);
  inventoryVersion = await currentInventoryVersion(handle.db);
} finally {
  // PGlite allows one process per data directory: release it for the build and the server.
  await handle.close();
}

const stamp = buildInputsStamp(root, { inventoryVersion, databaseUrl: env.DATABASE_URL ?? env.PGLITE_DATA_DIR });
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (previous === stamp && existsSync(serverEntry)) {
  console.log('Build is up to date: nothing changed since the last build.');
} else {
  console.log('Building the site…');
  const code = await run(process.execPath, [`${root}node_modules/astro/bin/astro.mjs`, 'build'], {
    ...process.env,
    DEFER_AFTER_BUILD: 'true',
  });
  if (code !== 0) process.exit(code);
  writeFileSync(stampFile, stamp);
}

console.log(`Serving on http://${env.HOST}:${env.PORT}`);
// serve.ts runs the built server, as several processes when WEB_CONCURRENCY asks (PostgreSQL only).
const server = spawn(process.execPath, [serveScript], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, HOST: env.HOST, PORT: String(env.PORT) },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.kill(signal);
  });
}
server.on('exit', (code) => process.exit(code ?? 0));

// The build's deferred steps, after the server has started and below it in priority.
if (afterBuildPending(new URL('../dist/client/', import.meta.url))) {
  const afterBuild = spawn(process.execPath, [`${root}scripts/after-build.ts`], { cwd: root, stdio: 'inherit' });
  if (afterBuild.pid) setPriority(afterBuild.pid, constants.priority.PRIORITY_LOW);
  afterBuild.on('exit', (code) => {
    if (code !== 0) console.error('The site search index or the pre-compressed copies could not be finished; the next start tries again.');
  });
  process.on('exit', () => afterBuild.kill());
}
