/**
 * `npm run gtfs:import -- <feed.zip> [--apply]`: reads a GTFS feed and prints the dry run — the
 * departures it adds, changes and removes for the feed's operators, the bookings a change would
 * meet, and every row it could not use and why. With `--apply` it then writes the change in one
 * transaction (refused, changing nothing, while any removed or changed departure has bookings)
 * and tells every running server to reload its search index. Exit 1 when nothing was applied
 * because of a refusal or an unreadable feed.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openBus } from '../../src/server/bus/index.ts';
import { parseServerEnv } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { applyImport, ImportRefused } from '../../src/server/gtfs/apply.ts';
import { readFeed } from '../../src/server/gtfs/feed.ts';
import { describeDeparture } from '../../src/server/gtfs/describe.ts';
import { planImport } from '../../src/server/gtfs/plan.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { apply: { type: 'boolean', default: false } } });
const file = positionals[0];
if (!file) {
  console.error('usage: npm run gtfs:import -- <feed.zip> [--apply]');
  process.exit(2);
}

const SHOWN = 20;
const describe = describeDeparture;
function list(title: string, items: string[]): void {
  console.log(`\n${title}: ${String(items.length)}`);
  for (const item of items.slice(0, SHOWN)) console.log(`  ${item}`);
  if (items.length > SHOWN) console.log(`  … and ${String(items.length - SHOWN)} more`);
}

const env = parseServerEnv();
const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR });
let exitCode = 0;
try {
  await applyMigrations(handle);
  const plan = await planImport(handle.db, readFeed(readFileSync(file)));
  console.log(`Dry run of ${file}: ${String(plan.operators.length)} operators, ${String(plan.stations.length)} stations.`);
  list('Added departures', plan.added.map(describe));
  list(
    'Changed departures',
    plan.changed.map((c) => describe(c.to)),
  );
  list('Removed departures', plan.removed.map(describe));
  console.log(`\nUnchanged departures: ${String(plan.unchanged.length)}`);
  list(
    'Bookings on changed or removed departures',
    plan.affectedBookings.map((b) => `${b.reference} (${b.status}) on schedule ${String(b.scheduleId)}`),
  );
  list(
    'Rows not used',
    plan.problems.map((p) => `${p.file}${p.line ? `:${String(p.line)}` : ''} ${p.reason}`),
  );
  if (plan.unusedFiles.length) console.log(`Files not read: ${plan.unusedFiles.join(', ')}`);
  if (!values.apply) console.log('\nNothing changed (dry run). Run again with --apply to apply it.');
  else {
    const bus = await openBus({ redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL });
    try {
      const result = await applyImport(handle.db, plan, { bus });
      console.log(
        `\nApplied: ${String(result.added)} added, ${String(result.changed)} changed, ${String(result.removed)} removed; inventory version ${String(result.version)}.`,
      );
    } finally {
      await bus.close();
    }
  }
} catch (error) {
  exitCode = 1;
  if (error instanceof ImportRefused) console.error(`\nRefused, nothing changed: ${error.message}. Cancel or move those bookings first.`);
  else console.error(`\nImport failed, nothing changed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await handle.close();
}
process.exit(exitCode);
