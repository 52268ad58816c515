/**
 * Makes the database ready for the site: applies pending migrations and seeds the network when
 * the database has none yet. Safe to run on every start (`npm start` does).
 */
import { count } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { operators } from '../../src/server/db/schema.ts';
import { seedDatabase } from '../seed/index.ts';

export interface PrepareResult {
  seeded: boolean;
}

export async function prepareDatabase(handle: DbHandle, log: (line: string) => void = console.log): Promise<PrepareResult> {
  await applyMigrations(handle);
  const [row] = await handle.db.select({ n: count() }).from(operators);
  if ((row?.n ?? 0) > 0) {
    log('Database ready (migrations applied, network already seeded).');
    return { seeded: false };
  }
  log('Database is empty: seeding the network…');
  await seedDatabase(handle, { scale: false });
  return { seeded: true };
}
