/**
 * Where a built page's bytes go: per page type (the path's second segment), the number of
 * pages, the median HTML size, the median size of its shell (everything outside <main>) and the
 * bytes on disk; then the whole output folder. Reads the built output only:
 *
 *   npm run bench:pages                    (dist/, or the folder in ASTRO_OUT_DIR)
 *   npm run bench:pages -- path/to/dist    (another build, e.g. to compare before and after)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outDir = process.argv[2] ?? (process.env.ASTRO_OUT_DIR || 'dist');
const client = join(outDir, 'client');

function walk(dir: string, visit: (path: string, bytes: number) => void): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, visit);
    else visit(path, statSync(path).size);
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

interface PageType {
  sizes: number[];
  shells: number[];
}
const types = new Map<string, PageType>();
const allSizes: number[] = [];
let totalBytes = 0;
let htmlBytes = 0;
walk(client, (path, bytes) => {
  totalBytes += bytes;
  if (!path.endsWith('.html')) return;
  htmlBytes += bytes;
  const parts = path.slice(client.length + 1).split('/');
  const type = parts.length <= 2 ? (parts.length === 2 ? 'home' : (parts[0] ?? '')) : (parts[1] ?? '');
  const html = readFileSync(path, 'utf8');
  const mainStart = html.indexOf('<main');
  const mainEnd = html.indexOf('</main>');
  const shell = mainStart >= 0 && mainEnd > mainStart ? Buffer.byteLength(html) - Buffer.byteLength(html.slice(mainStart, mainEnd)) : bytes;
  const entry = types.get(type) ?? { sizes: [], shells: [] };
  entry.sizes.push(bytes);
  entry.shells.push(shell);
  types.set(type, entry);
  allSizes.push(bytes);
});

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
console.log(`Built output: ${client}\n`);
console.log('| page type | pages | median HTML | median shell (outside <main>) | on disk |');
console.log('| --- | --- | --- | --- | --- |');
for (const [type, t] of [...types].sort((a, b) => b[1].sizes.length - a[1].sizes.length)) {
  const disk = t.sizes.reduce((a, b) => a + b, 0);
  console.log(`| ${type} | ${String(t.sizes.length)} | ${kb(median(t.sizes))} | ${kb(median(t.shells))} | ${mb(disk)} |`);
}
console.log(
  `\n${String(allSizes.length)} HTML pages, median ${kb(median(allSizes))}; HTML ${mb(htmlBytes)}, whole output ${mb(totalBytes)}`,
);
