/**
 * The build steps `npm start` runs after the server has started (see scripts/lib/afterBuild.ts):
 * the site search index, then brotli and gzip copies of every built file. Safe to run again: it
 * skips copies that are up to date, and clears the pending marker only when both steps finished.
 *
 *   node scripts/after-build.ts        (dist/, or the folder in ASTRO_OUT_DIR)
 */
import { fileURLToPath } from 'node:url';
import { buildSiteSearchIndex } from '../integrations/pagefind/build.ts';
import { clearAfterBuildPending } from './lib/afterBuild.ts';
import { precompressDir } from './lib/precompress.ts';

const clientDir = new URL(`../${process.env.ASTRO_OUT_DIR || 'dist'}/client/`, import.meta.url);

const search = await buildSiteSearchIndex(clientDir);
console.log(`After build: site search index of ${String(search.pages)} pages in ${(search.ms / 1000).toFixed(1)} s`);
const compressed = await precompressDir(fileURLToPath(clientDir));
console.log(`After build: ${String(compressed.files)} files pre-compressed in ${(compressed.ms / 1000).toFixed(1)} s`);
clearAfterBuildPending(clientDir);
