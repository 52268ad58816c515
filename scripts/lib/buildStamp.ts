/**
 * A fingerprint of everything a build depends on, to skip rebuilding when nothing changed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';

const INPUT_DIRS = ['src', 'public', 'content', 'integrations'];
const INPUT_FILES = ['astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const BUILD_ENV = ['SITE_URL', 'PUBLIC_ERROR_FOOTER', 'PUBLIC_HIDE_BACK_BUTTON'];

function listFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export function buildInputsStamp(root: string, extra: Record<string, string | number>): string {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((d) => listFiles(join(root, d))), ...INPUT_FILES.map((f) => join(root, f))].sort();
  for (const file of files) {
    hash.update(relative(root, file));
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('(missing)');
    }
  }
  for (const name of BUILD_ENV) hash.update(`${name}=${process.env[name] ?? ''}`);
  hash.update(JSON.stringify(extra));
  return hash.digest('hex');
}

export async function currentInventoryVersion(db: Db): Promise<number> {
  const result = await db.execute<{ version: number | string }>(sql`select version from inventory_version where id = 1`);
  const rows = (result as { rows: { version: number }[] }).rows;
  const version = rows[0]?.version ?? 0;
  return typeof version === 'string' ? Number.parseInt(version, 10) : version;
}
