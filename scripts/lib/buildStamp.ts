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
// NEW_RESULTS_PAGE picks the layout of the pre-rendered results pages and PRERENDER_TRIP_PAGES
// whether trip pages are built: a change must rebuild them.
// PUBLIC_WL_* / PUBLIC_DISABLE_LOGO_URL brand the header and GOOGLE_CLIENT_ID turns on one-tap,
// both baked into the static pages. PUBLIC_CAPTCHA_* are inlined into the login page's server
// bundle (Vite replaces import.meta.env.PUBLIC_* at build time), so a change must rebuild it too.
const BUILD_ENV = [
  'SITE_URL',
  'PUBLIC_ERROR_FOOTER',
  'PUBLIC_HIDE_BACK_BUTTON',
  'NEW_RESULTS_PAGE',
  'NEW_STATION_PAGE',
  'QUICK_BUILD_LOCALES',
  'PRERENDER_TRIP_PAGES',
  'PUBLIC_HOTEL_AFFILIATE_URL',
  'PUBLIC_WL_LOGO',
  'PUBLIC_WL_TITLE',
  'PUBLIC_DISABLE_LOGO_URL',
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
