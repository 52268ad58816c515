/**
 * `npm run db:seed [-- --scale] [--seed N] [--date YYYY-MM-DD] [--delete-bookings]`: fills the
 * database with the generated network (or the synthetic benchmark network with --scale),
 * replacing what was there, and prints what the database now holds. A database that holds
 * bookings is refused (exit code 1, nothing changed) unless --delete-bookings says to delete
 * them too. `seedDatabase` is the same thing for other scripts.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseServerEnv } from '../../src/server/config.ts';
import { openDb, type DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { openBus } from '../../src/server/bus/index.ts';
import { announceInventoryChange } from '../../src/server/network/inventoryVersion.ts';
import { seedSaleChannels } from '../../src/server/network/seedSaleChannels.ts';
import { seedPricingRules } from '../../src/server/pricing/seedPricingRules.ts';
import { seedRailpasses } from '../../src/server/railpass/seed/seedRailpasses.ts';
import { seedReviews } from '../../src/server/reviews/seedReviews.ts';
import { allGeography } from './data/index.ts';
import { buildNetwork } from './network.ts';
import { buildScaleNetwork } from './scale.ts';
import { summarizeDatabase, type SeedSummary } from './summary.ts';
import { isValidIsoDate, todayUtc } from './time.ts';
import { writeNetwork, type WriteProgress } from './write.ts';

export const DEFAULT_SEED = 1;

export interface SeedOptions {
  /** The synthetic benchmark network instead of the real geography. */
  scale?: boolean;
  seed?: number;
  /** First day of the timetables, 'YYYY-MM-DD'; today in UTC by default. */
  today?: string;
  onProgress?: (progress: WriteProgress) => void;
  /** Delete every cart, booking and payment too; otherwise a database with bookings is refused (SeedRefusedError). */
  deleteBookings?: boolean;
}

export interface SeedResult {
  summary: SeedSummary;
  /** The summary as printable lines. */
  text: string;
  /** Data problems the generator skipped over. */
  warnings: string[];
  buildMs: number;
  writeMs: number;
}

/** Generates the network and writes it over the current inventory. Migrations must be applied. */
export async function seedDatabase(handle: DbHandle, options: SeedOptions = {}): Promise<SeedResult> {
  const today = options.today ?? todayUtc();
  const seed = options.seed ?? DEFAULT_SEED;
  const started = performance.now();
  // The scale network is a lazy stream, so its "build" time is spent during the write.
  const rows = options.scale ? buildScaleNetwork({ seed, today }) : buildNetwork(allGeography(), { seed, today });
  const built = performance.now();
  await writeNetwork(handle.db, rows, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    deleteBookings: options.deleteBookings ?? false,
  });
  await seedPricingRules(handle.db);
  await seedSaleChannels(handle.db);
  await seedReviews(handle.db);
  await seedRailpasses(handle.db, today);
  const written = performance.now();
  const { summary, text } = await summarizeDatabase(handle.db, today);
  return { summary, text, warnings: rows.warnings, buildMs: built - started, writeMs: written - built };
}

const cliSchema = z.object({
  scale: z.boolean().default(false),
  'delete-bookings': z.boolean().default(false),
  seed: z.coerce
    .number({ message: '--seed must be a number' })
    .int('--seed must be a whole number')
    .min(0, '--seed must be 0 or more')
    .max(2 ** 32 - 1, '--seed must fit in 32 bits')
    .default(DEFAULT_SEED),
  date: z
    .string()
    .refine(isValidIsoDate, '--date must be a real date as YYYY-MM-DD')
    .default(() => todayUtc()),
});

export type CliOptions = z.infer<typeof cliSchema>;

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      scale: { type: 'boolean' },
      'delete-bookings': { type: 'boolean' },
      seed: { type: 'string' },
      date: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const parsed = cliSchema.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/** Prints at most one progress line every two seconds: enough to see a long write is alive. */
function throttledProgress(log: (line: string) => void): (progress: WriteProgress) => void {
  let last = 0;
  return ({ table, rows }) => {
    const now = performance.now();
    if (now - last < 2_000) return;
    last = now;
    log(`  … ${table}: ${rows.toLocaleString('en-US')} rows`);
  };
}

async function main(): Promise<void> {
  const options = parseCliArgs(process.argv.slice(2));
  const env = parseServerEnv();
  const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR });
  try {
    const target = handle.driver === 'postgres' ? 'PostgreSQL' : `PGlite (${env.PGLITE_DATA_DIR})`;
    console.log(
      `Seeding ${options.scale ? 'the synthetic scale network' : 'the network'} into ${target}, seed ${options.seed}, from ${options.date}…`,
    );
    await applyMigrations(handle);
    const result = await seedDatabase(handle, {
      scale: options.scale,
      seed: options.seed,
      today: options.date,
      deleteBookings: options['delete-bookings'],
      onProgress: throttledProgress((line) => {
        console.log(line);
      }),
    });
    for (const warning of result.warnings) console.warn(`warning: ${warning}`);
    console.log(result.text);
    // Servers running on this database reload their search index now, not at their next check.
    const version = result.summary.inventoryVersion;
    if (version !== null) {
      const bus = await openBus({ redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL });
      await announceInventoryChange(bus, version).finally(() => bus.close());
    }
    console.log(`Done: generated in ${(result.buildMs / 1000).toFixed(1)} s, written in ${(result.writeMs / 1000).toFixed(1)} s.`);
  } finally {
    await handle.close();
  }
}

/** The message and its causes: Drizzle wraps a refused connection as "Failed query: …". */
function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error && parts.length < 5) {
    const message = current.message.trim() || current.name;
    if (!parts.includes(message)) parts.push(message);
    current = current.cause;
  }
  if (parts.length === 0) parts.push(String(error));
  return parts.join(' ← ');
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`Seeding failed: ${describeError(error)}`);
    process.exitCode = 1;
  });
}
