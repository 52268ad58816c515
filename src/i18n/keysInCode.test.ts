import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import english from './translations/en.json';
import { keysUsedIn, missingKeys } from './keysInCode.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('message keys named in the code', () => {
  it('finds whole keys, template prefixes and data-key prefixes (negative control)', () => {
    const uses = keysUsedIn("t('site.name'); t(`vehclass.${c}`); t('no.such.key'); dataKey('nothing.here.', x); t(`nope.${y}`)");
    expect(missingKeys(uses, english)).toEqual(['no.such.key', 'nope.…', 'nothing.here.…']);
  });

  it('every key the pages, islands and server name exists in English (so in every locale)', () => {
    const missing = sourceFiles(join(root, 'src')).flatMap((file) =>
      missingKeys(keysUsedIn(readFileSync(file, 'utf8')), english).map((key) => `${relative(root, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
