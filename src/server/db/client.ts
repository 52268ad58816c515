/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise embedded
 * PGlite with its data under PGLITE_DATA_DIR. Both give a Drizzle pg-core database over the
 * same schema, so callers never branch on the driver.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { componentLogger } from '../logger.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** A postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  pgliteDataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * PostgreSQL: the longest any statement waits for a row lock before it fails (and a booking
   * change answers "busy, try again": src/server/booking/lifecycle/locks.ts). Covers the
   * single-statement hold and sale too, which run outside an explicit transaction.
   */
  lockTimeoutMs?: number;
}

/**
 * The lock_timeout each database's connections were opened with (PostgreSQL pools given
 * `lockTimeoutMs`): a booking change on such a connection needs no `SET LOCAL` of its own.
 */
export const connectionLockTimeout = new WeakMap<Db, number>();

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      ...(options.lockTimeoutMs ? { options: `-c lock_timeout=${String(options.lockTimeoutMs)}` } : {}),
    });
    // An idle connection the database drops (a restart, a failover, a proxy gone) is reported as
    // an 'error' event on the pool; with no listener Node ends the whole server process, so a
    // database outage took the server down with it instead of answering 503 from /api/health
    // until the database is back (tests/integration/health.postgres.test.ts). The pool discards
    // that connection and opens new ones on demand.
    pool.on('error', (error) => {
      componentLogger('db').warn({ err: error.message }, 'an idle database connection was lost');
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (options.lockTimeoutMs) connectionLockTimeout.set(db, options.lockTimeoutMs);
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const dataDir = options.pgliteDataDir ?? '.data/db';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close() };
}
