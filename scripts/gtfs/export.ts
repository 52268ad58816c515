/**
 * `npm run gtfs:export -- [feed.zip]`: the network as a GTFS feed (default `.data/gtfs/roamly.zip`).
 * On PGlite stop `npm start` first (one process per data directory).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseServerEnv } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/client.ts';
import { exportFeed } from '../../src/server/gtfs/export.ts';

const file = process.argv[2] ?? '.data/gtfs/roamly.zip';
const env = parseServerEnv();
const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR });
try {
  const zip = await exportFeed(handle.db, { siteUrl: env.SITE_URL });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, zip);
  console.log(`Wrote ${file} (${(zip.byteLength / 1024).toFixed(0)} KB).`);
} finally {
  await handle.close();
}
