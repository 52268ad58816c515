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
// PRERENDER_TRIP_PAGES decides whether trip pages are built: a change must rebuild them.
// GOOGLE_CLIENT_ID turns on one-tap, baked into the static pages (white-label partners and the
// page-layout flags are run-time records since issue 25, not build settings). PUBLIC_CAPTCHA_* are inlined into the login page's server
// bundle (Vite replaces import.meta.env.PUBLIC_* at build time), so a change must rebuild it too.
// Without SITE_URL the canonical links follow HOST and PORT (astro.config.mjs), so they count too.
const BUILD_ENV = [
  'SITE_URL',
  'HOST',
  'PORT',
  'PUBLIC_ERROR_FOOTER',
  'QUICK_BUILD_LOCALES',
  'PRERENDER_TRIP_PAGES',
  'PUBLIC_HOTEL_AFFILIATE_URL',
  'GOOGLE_CLIENT_ID',
  'PUBLIC_CAPTCHA_SITE_KEY',
  'PUBLIC_CAPTCHA_SCRIPT_URL',
];

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
