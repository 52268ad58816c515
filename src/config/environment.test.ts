import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENVIRONMENT, readEnvironment } from './environment.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** README.md's configuration table: variable → default column. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
    if (name) rows.set(name, cells[2] ?? '');
  }
  return rows;
}

/** What the README's default column must say: the schema's note, its default value, or "unset". */
function expectedDefaults(): Map<string, string> {
  const json = z.toJSONSchema(ENVIRONMENT, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, { default?: string | number | boolean; readme?: string }>;
  };
  return new Map(
    Object.entries(json.properties).map(([name, p]) => [
      name,
      p.readme ?? (p.default === undefined ? 'unset' : `\`${String(p.default)}\``),
    ]),
  );
}

/** Every environment variable named in the source: process.env.X, process.env['X'], import.meta.env.X. */
function variablesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  const scan = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') scan(join(path, entry));
      return;
    }
    if (!/\.(ts|tsx|mjs|astro)$/.test(path) || path.endsWith('.test.ts')) return;
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(
      /process\.env(?:\.([A-Z][A-Z0-9_]*[A-Z0-9])|\[['"]([A-Z][A-Z0-9_]*)['"]\])|import\.meta\.env\.([A-Z][A-Z0-9_]*[A-Z0-9])\b/g,
    )) {
      const name = match[1] ?? match[2] ?? match[3] ?? '';
      found.set(name, path.slice(root.length));
    }
  };
  for (const dir of ['src', 'scripts', 'integrations']) scan(join(root, dir));
  for (const file of ['astro.config.mjs', 'tests/playwright.config.ts', 'tests/vitest.config.ts']) scan(join(root, file));
  return found;
}

/** Vite's own (DEV) and what the build-info integration defines from BUILD_ID: not settings. */
const NOT_SETTINGS = new Set(['DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL', 'PUBLIC_BUILD_ID']);

describe('the one typed configuration', () => {
  it("is what README.md's configuration table lists, with the same defaults", () => {
    const readme = readmeTable();
    const expected = expectedDefaults();
    expect([...readme.keys()].sort()).toEqual([...expected.keys()].sort());
    const wrong = [...expected]
      .filter(([name, value]) => readme.get(name) !== value)
      .map(([name, value]) => `${name}: README says ${String(readme.get(name))}, the schema ${value}`);
    expect(wrong).toEqual([]);
  });

  it('names every variable the source reads', () => {
    const known = new Set(Object.keys(ENVIRONMENT.shape));
    const unknown = [...variablesInSource()]
      .filter(([name]) => !known.has(name) && !NOT_SETTINGS.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(unknown, 'add these to src/config/environment.ts and the README table').toEqual([]);
  });

  it('parses values, treats empty as unset, and fails loudly on a typo', () => {
    expect(
      readEnvironment(['HOLD_MINUTES', 'PRERENDER_TRIP_PAGES', 'PORT'], { HOLD_MINUTES: '15', PRERENDER_TRIP_PAGES: 'true', PORT: '' }),
    ).toEqual({
      HOLD_MINUTES: 15,
      PRERENDER_TRIP_PAGES: true,
      PORT: 4321,
    });
    expect(() => readEnvironment(['PRERENDER_TRIP_PAGES'], { PRERENDER_TRIP_PAGES: 'ture' })).toThrow(/PRERENDER_TRIP_PAGES/);
  });
});
