/**
 * Builds the Pagefind site search index of a built client folder: the integration runs it after
 * every build, and `scripts/after-build.ts` runs it after `npm start` has begun serving (see
 * `deferredAfterBuild`).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { close, createIndex } from 'pagefind';
import { LOCALES } from '../../src/i18n/locales.ts';
import { searchGlob } from './glob.ts';

/** The top-level page folders under the built locale folders (`station`, `support`, …). */
function sections(dir: URL): string[] {
  const built = new Set(readdirSync(dir));
  return LOCALES.filter((l) => built.has(l.segment)).flatMap((l) =>
    readdirSync(new URL(`${l.segment}/`, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  );
}

/** Indexes the pages under `dir` (the build's client folder) and writes the bundle to `dir/pagefind/`. */
export async function buildSiteSearchIndex(dir: URL): Promise<{ pages: number; glob: string | undefined; ms: number }> {
  const started = performance.now();
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  try {
    const glob = searchGlob(sections(dir));
    const added = glob ? await index.addDirectory({ path: fileURLToPath(dir), glob }) : { errors: [], page_count: 0 };
    if (added.errors.length) throw new Error(`Pagefind indexing failed: ${added.errors.join('; ')}`);
    // The files come back over the API and are written here, completely, before the service is
    // closed: letting the service write them itself sometimes left a file cut short when
    // `close()` stopped it (a truncated pagefind.js broke site search for a whole build).
    const bundle = await index.getFiles();
    if (bundle.errors.length) throw new Error(`Pagefind could not produce its files: ${bundle.errors.join('; ')}`);
    const outputDir = fileURLToPath(new URL('pagefind/', dir));
    rmSync(outputDir, { recursive: true, force: true });
    for (const file of bundle.files) {
      const target = join(outputDir, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.content);
    }
    return { pages: added.page_count, glob, ms: Math.round(performance.now() - started) };
  } finally {
    await close();
  }
}
