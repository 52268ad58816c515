/**
 * Cacheable JSON answers: a weak ETag for GETs (the same search against the same inventory
 * version is the same answer), kept in memory with their compressed copies (zstd, then brotli).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, zstdCompressSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { DYNAMIC_BROTLI_QUALITY, DYNAMIC_ZSTD_LEVEL, MIN_COMPRESS_BYTES, preferredEncoding, takesZstd } from '../http/encoding.ts';
import { JSON_TYPE } from './http.ts';

/**
 * Answers already computed are kept as long as clients may cache them. Searches are skewed
 * towards popular routes, so many travellers ask the same question within seconds, and the
 * ETag only spares the one client that asked before. The cache is bounded by bytes (the JSON's
 * length), so a burst of large answers cannot grow the process without limit. The key holds
 * the inventory version, the URL and the clock's minute: an answer depends on the time (cut-offs,
 * "today"), so a new minute — or a test's fake clock — computes afresh.
 */
export type CachedJson = (request: Request, version: number, maxAgeS: number, build: () => unknown) => Response;

/**
 * A cached answer: its JSON and its compressed copies. The server's on-the-fly compression would
 * otherwise compress the same 80 KB answer again for every traveller who asks the same popular
 * question: measured, that cut search throughput from ~2,500 to ~430 answers a second
 * (docs/BENCHMARKS.md, "Compressed search answers").
 *
 * Most answers are asked once (a route on a date), and for those brotli 5 was a third of a
 * search request's CPU. So an answer's first copy for a browser that takes zstd is zstd 3
 * (0.08 ms against brotli's 0.6 ms, ~20% more bytes), and an answer asked again — the popular
 * ones, where most of the bytes go out — gets its smaller brotli copy, made once.
 */
interface CachedAnswer {
  body: string;
  /** Times sent: the second request for an answer makes its brotli copy. */
  sent: number;
  br?: Uint8Array<ArrayBuffer>;
  zstd?: Uint8Array<ArrayBuffer>;
}

const asBytes = (out: Buffer<ArrayBuffer>): Uint8Array<ArrayBuffer> =>
  new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));

function brotli(body: string): Uint8Array<ArrayBuffer> {
  const input = Buffer.from(body);
  return asBytes(
    brotliCompressSync(input, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: input.length },
    }),
  );
}

function zstd(body: string): Uint8Array<ArrayBuffer> {
  return asBytes(zstdCompressSync(body, { params: { [zlib.ZSTD_c_compressionLevel]: DYNAMIC_ZSTD_LEVEL } }));
}

/**
 * The compressed copy to send (undefined: plain JSON), made and kept on the answer when missing;
 * `made` says the answer grew, so the cache must count it again.
 */
function compressedCopy(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'zstd'; bytes: Uint8Array<ArrayBuffer>; made: boolean } | undefined {
  const br = preferredEncoding(acceptEncoding) === 'br';
  if (takesZstd(acceptEncoding) && (!br || (answer.sent === 0 && !answer.br))) {
    const made = !answer.zstd;
    answer.zstd ??= zstd(answer.body);
    return { encoding: 'zstd', bytes: answer.zstd, made };
  }
  if (!br) return undefined;
  const made = !answer.br;
  answer.br ??= brotli(answer.body);
  // Browsers that take zstd take brotli too: from now on they get the smaller copy.
  delete answer.zstd;
  return { encoding: 'br', bytes: answer.br, made };
}

export function createCachedJson(now: () => number = Date.now, maxBytes = 32 * 1024 * 1024): CachedJson {
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (answer) => answer.body.length + (answer.br?.byteLength ?? 0) + (answer.zstd?.byteLength ?? 0) || 1,
    ttl: 60_000,
  });
  /**
   * A cacheable answer: `Cache-Control` lets browsers and CDNs reuse it briefly; the ETag (from
   * the inventory version and the full URL) turns a repeat within the TTL into an empty 304, and
   * a repeat from another client is served from memory.
   */
  return (request, version, maxAgeS, build) => {
    const etag = `W/"${createHash('sha1')
      .update(`${String(version)}|${request.url}`)
      .digest('base64url')
      .slice(0, 20)}"`;
    const headers: Record<string, string> = {
      etag,
      'cache-control': `public, max-age=${String(maxAgeS)}`,
      vary: 'Accept-Language, Accept-Encoding',
      'content-type': JSON_TYPE,
    };
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const key = `${String(version)}|${String(Math.floor(now() / 60_000))}|${request.url}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = { body: JSON.stringify(build()), sent: 0 };
      answers.set(key, answer, { ttl: maxAgeS * 1000 });
    }
    // Gzip-only clients (rare) are left to the server's middleware, which skips answers that
    // already carry a Content-Encoding.
    const copy =
      answer.body.length >= MIN_COMPRESS_BYTES ? compressedCopy(answer, request.headers.get('accept-encoding') ?? undefined) : undefined;
    answer.sent++;
    if (copy) {
      // Re-set so the cache counts the copy's bytes against its bound.
      if (copy.made) answers.set(key, answer, { ttl: maxAgeS * 1000 });
      return new Response(copy.bytes, { status: 200, headers: { ...headers, 'content-encoding': copy.encoding } });
    }
    return new Response(answer.body, { status: 200, headers });
  };
}
