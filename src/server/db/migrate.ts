/**
 * Applies the committed drizzle-kit migrations. Idempotent: drizzle records what ran in
 * its own journal table, so calling this on every start only applies what is new.
 */
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DbHandle, Schema } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface MigrateOptions {
  migrationsFolder?: string;
  /** Schema of drizzle's journal table; tests give each run its own schema. */
  migrationsSchema?: string;
}

export async function applyMigrations(handle: DbHandle, options: MigrateOptions = {}): Promise<void> {
  const config = {
    migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER,
    ...(options.migrationsSchema ? { migrationsSchema: options.migrationsSchema } : {}),
  };
  if (handle.driver === 'postgres') {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, config);
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
  }
}
