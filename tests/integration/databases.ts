/**
 * The databases an integration test runs against: embedded PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Each PostgreSQL run gets its own database, dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDb, type DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open: () => Promise<DbHandle>;
  /** An empty database with no migrations applied (for tests of a migration itself). */
  openEmpty: () => Promise<DbHandle>;
}

async function openPostgres(url: string, migrated = true): Promise<DbHandle> {
  // A database of its own per test file: the committed migrations name the public schema,
  // and parallel files must not see each other's rows.
  const name = `roamly_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: own.toString(), maxConnections: 12 });
  if (migrated) await applyMigrations(handle);
  urls.set(handle.db, own.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      // pg's Pool.end() resolves before its sockets have closed; dropping the database at once
      // terminates them mid-close and pg reports that as an uncaught error in the test run.
      await new Promise((resolve) => setTimeout(resolve, 250));
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const urls = new WeakMap<object, string>();

/** The connection string of a PostgreSQL test database (for a second, raw session in a test). */
export function postgresUrl(handle: DbHandle): string {
  const url = urls.get(handle.db);
  if (!url) throw new Error('not a PostgreSQL test database');
  return url;
}

async function openPglite(): Promise<DbHandle> {
  const handle = await openDb({ pgliteDataDir: 'memory://' });
  await applyMigrations(handle);
  return handle;
}

export const DATABASES: TestDatabase[] = [
  { name: 'pglite', open: openPglite, openEmpty: () => openDb({ pgliteDataDir: 'memory://' }) },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          open: () => openPostgres(TEST_DATABASE_URL),
          openEmpty: () => openPostgres(TEST_DATABASE_URL, false),
        },
      ]
    : []),
];

if (!TEST_DATABASE_URL) {
  console.log('PostgreSQL integration tests SKIPPED: TEST_DATABASE_URL is not set (PGlite only).');
}
