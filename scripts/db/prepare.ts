/**
 * Makes the database ready for the site: applies pending migrations and seeds the network when
 * the database has none yet (and the rail pass catalogue when only that is missing). Safe to run on every start (`npm start` does).
 */
import { count } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { operators, railpasses } from '../../src/server/db/schema.ts';
import { seedRailpasses } from '../../src/server/railpass/seed/seedRailpasses.ts';
import { seedDatabase } from '../seed/index.ts';

export interface PrepareResult {
  seeded: boolean;
}

export async function prepareDatabase(handle: DbHandle, log: (line: string) => void = console.log): Promise<PrepareResult> {
  await applyMigrations(handle);
  const [row] = await handle.db.select({ n: count() }).from(operators);
  if ((row?.n ?? 0) > 0) {
    // A database seeded before the rail pass catalogue existed gets it now (it holds no bookings of passes).
    const [passes] = await handle.db.select({ n: count() }).from(railpasses);
    if ((passes?.n ?? 0) === 0) {
      const written = await seedRailpasses(handle.db, new Date().toISOString().slice(0, 10));
      log(`Rail pass catalogue seeded (${String(written.passes)} passes, ${String(written.reviews)} reviews).`);
    }
    log('Database ready (migrations applied, network already seeded).');
    return { seeded: false };
  }
  log('Database is empty: seeding the network…');
  await seedDatabase(handle, { scale: false });
  return { seeded: true };
}
