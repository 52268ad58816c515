/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible built file, so the
 * server answers `Accept-Encoding` without spending CPU per request (`staticFiles.ts`).
 *
 * A copy is written only when it is smaller than the file; files under MIN_COMPRESS_BYTES are
 * left alone (the server then sends them as they are), and so are files whose copies are already
 * newer than they are (a second run after an interrupted one does only what is left). Levels: see `compression.ts`. zlib's
 * asynchronous calls run on libuv's thread pool, so a few files in flight use every core.
 */
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  ASSET_BROTLI_QUALITY,
  ASSET_GZIP_LEVEL,
  COMPRESSIBLE_EXTENSIONS,
  DYNAMIC_BROTLI_QUALITY,
  DYNAMIC_GZIP_LEVEL,
  ENCODING_SUFFIX,
  MIN_COMPRESS_BYTES,
} from '../../src/server/http/encoding.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
  ms: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

/** Hashed assets (`_astro/`) are few, large and cached for a year: they get the maximum levels. */
function levels(relativePath: string): { brotli: number; gzip: number } {
  return relativePath.startsWith('_astro/')
    ? { brotli: ASSET_BROTLI_QUALITY, gzip: ASSET_GZIP_LEVEL }
    : { brotli: DYNAMIC_BROTLI_QUALITY, gzip: DYNAMIC_GZIP_LEVEL };
}

/** Write, then rename: the server may be answering from these files while copies are written. */
async function writeWhole(target: string, content: Uint8Array): Promise<void> {
  const partial = `${target}.${String(process.pid)}.partial`;
  await writeFile(partial, content);
  await rename(partial, target);
}

export async function precompressDir(root: string): Promise<PrecompressSummary> {
  const started = performance.now();
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0, ms: 0 };

  async function one(path: string): Promise<void> {
    const source = await stat(path);
    if (source.size < MIN_COMPRESS_BYTES) return;
    const copy = await stat(path + ENCODING_SUFFIX.br).catch(() => undefined);
    if (copy && copy.mtimeMs >= source.mtimeMs) return;
    const content = await readFile(path);
    const { brotli, gzip: gzipLevel } = levels(
      path
        .slice(root.length)
        .replace(/^[/\\]+/, '')
        .replaceAll('\\', '/'),
    );
    const [br, gz] = await Promise.all([
      brotliAsync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotli,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: gzipLevel }),
    ]);
    summary.files++;
    summary.bytes += content.length;
    // The gzip copy first: a .br copy newer than its file marks the file as done for a second run.
    if (gz.length < content.length) {
      await writeWhole(path + ENCODING_SUFFIX.gzip, gz);
      summary.gzipBytes += gz.length;
    }
    if (br.length < content.length) {
      await writeWhole(path + ENCODING_SUFFIX.br, br);
      summary.brotliBytes += br.length;
    }
  }

  // A bounded number of files in flight: enough to keep the thread pool busy, not the whole site in memory.
  const inFlight = new Set<Promise<void>>();
  const limit = Math.max(2, availableParallelism() * 2);
  for await (const path of walk(root)) {
    const task = one(path).finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= limit) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  summary.ms = performance.now() - started;
  return summary;
}
