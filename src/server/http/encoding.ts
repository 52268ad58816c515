/**
 * The compression policy shared by the build, the static file server, the on-the-fly
 * middleware (scripts/lib/compression.ts, where the levels are explained) and the search API,
 * which keeps a brotli copy of each cached answer. No Node stream or middleware code here, so
 * the Astro server bundle can import it.
 */
/** Below this an answer fits in one TCP segment anyway: compressing it saves no round trip. */
export const MIN_COMPRESS_BYTES = 1400;

/** Brotli quality for answers compressed while the visitor waits (and for pre-rendered pages). */
export const DYNAMIC_BROTLI_QUALITY = 5;
export const DYNAMIC_GZIP_LEVEL = 6;
/**
 * zstd level for a search answer's first copy (api/cachedJson.ts). On a 96 KB answer (node-svc,
 * docs/BENCHMARKS.md "Search answers in zstd"): level 3 takes 0.08 ms and sends 6.6 KB, brotli 5
 * 0.6 ms and 5.4 KB, gzip 6 0.5 ms and 6.6 KB. Level 4 sends as much; level 5 costs three times
 * more for 11% fewer bytes.
 */
export const DYNAMIC_ZSTD_LEVEL = 3;

/** Hashed build assets: compressed once, served for a year. */
export const ASSET_BROTLI_QUALITY = 11;
export const ASSET_GZIP_LEVEL = 9;

/** Text files that the build pre-compresses (images, fonts and Pagefind's gzipped fragments are not). */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.svg',
  '.txt',
  '.webmanifest',
  '.map',
]);

export type Encoding = 'br' | 'gzip';

/** File name suffix of a pre-compressed copy. */
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** How gladly a client takes each encoding (`Accept-Encoding` q-values); `*` stands for any encoding not named. */
function encodingWeights(acceptEncoding: string): (encoding: string) => number {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return (encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when the client takes it
 * at least as gladly as gzip (browsers list gzip first with equal weight), then gzip, else none.
 * `q=0` refuses an encoding.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weight = encodingWeights(acceptEncoding);
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/**
 * Whether a client takes zstd at least as gladly as brotli (Chrome, Edge and Firefox send
 * `gzip, deflate, br, zstd`; Safari does not list zstd). Only answers compressed on request use
 * it: built files keep their smaller brotli 11 copies.
 */
export function takesZstd(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const weight = encodingWeights(acceptEncoding);
  const zstd = weight('zstd');
  return zstd > 0 && zstd >= weight('br');
}
