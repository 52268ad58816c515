/**
 * "Nothing else sets a status": no module outside src/server/booking/lifecycle/ writes a booking's
 * status — not through Drizzle (`update(bookings).set({ status … })`, an insert into bookings) and
 * not through SQL (`::booking_status`, `update bookings set status`). A new path that needs to
 * change a status adds a transition to the lifecycle instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const lifecycleDir = fileURLToPath(new URL('./', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The places in a source text that write a booking status, as short quotes. */
export function statusWrites(text: string): string[] {
  const found: string[] = [];
  // Drizzle: an update of bookings whose set(...) names status, within the same statement.
  for (const match of text.matchAll(/update\(bookings\)\s*\.set\(\{([^}]*)\}/g))
    if (/\bstatus\b/.test(match[1] ?? '')) found.push(match[0].slice(0, 80));
  for (const match of text.matchAll(/insert\(bookings\)/g)) found.push(match[0]);
  // SQL: a cast to the status type, or an update of the bookings table's status column.
  for (const match of text.matchAll(/::booking_status|update\s+\$\{bookings\}[^`]*?set\s+status|update\s+bookings\s+set\s+status/gi))
    found.push(match[0].slice(0, 80));
  return found;
}

describe('booking status writes', () => {
  it('finds the ways a status can be written', () => {
    expect(statusWrites("await tx.update(bookings).set({ status: 'expired', updatedAt: now })")).toHaveLength(1);
    expect(statusWrites('await tx.update(bookings).set({ email: null, passengers: [] })')).toHaveLength(0);
    expect(statusWrites("select 'reserved'::booking_status")).toHaveLength(1);
    expect(statusWrites('update bookings set status = $1')).toHaveLength(1);
    expect(statusWrites('db.insert(bookings).values({})')).toHaveLength(1);
  });

  it('happen only in src/server/booking/lifecycle/', () => {
    const outside = sourceFiles(join(root, 'src'))
      .filter((file) => !file.startsWith(lifecycleDir))
      .flatMap((file) => statusWrites(readFileSync(file, 'utf8')).map((quote) => `${relative(root, file)}: ${quote}`));
    expect(outside).toEqual([]);
  });
});
