/**
 * Cacheable JSON answers: a weak ETag for GETs (the same search against the same inventory
 * version is the same answer), kept in memory with their brotli copy.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { DYNAMIC_BROTLI_QUALITY, MIN_COMPRESS_BYTES, preferredEncoding } from '../http/encoding.ts';
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
 * A cached answer: its JSON and, once a client that takes brotli has asked, the brotli copy. The
 * server's on-the-fly compression would otherwise compress the same 80 KB answer again for every
 * traveller who asks the same popular question: measured, that cut search throughput from
 * ~2,500 to ~430 answers a second (docs/BENCHMARKS.md, "Compressed search answers").
 */
interface CachedAnswer {
  body: string;
  br?: Uint8Array<ArrayBuffer>;
}

function brotli(body: string): Uint8Array<ArrayBuffer> {
  const input = Buffer.from(body);
  const out = brotliCompressSync(input, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: input.length },
  });
  return new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));
}

export function createCachedJson(now: () => number = Date.now, maxBytes = 32 * 1024 * 1024): CachedJson {
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (answer) => answer.body.length + (answer.br?.byteLength ?? 0) || 1,
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
      answer = { body: JSON.stringify(build()) };
      answers.set(key, answer, { ttl: maxAgeS * 1000 });
    }
    // Brotli once per cached answer; gzip-only clients (rare) are left to the server's middleware,
    // which skips answers that already carry a Content-Encoding.
    if (answer.body.length >= MIN_COMPRESS_BYTES && preferredEncoding(request.headers.get('accept-encoding') ?? undefined) === 'br') {
      if (!answer.br) {
        answer.br = brotli(answer.body);
        // Re-set so the cache counts the copy's bytes against its bound.
        answers.set(key, answer, { ttl: maxAgeS * 1000 });
      }
      return new Response(answer.br, { status: 200, headers: { ...headers, 'content-encoding': 'br' } });
    }
    return new Response(answer.body, { status: 200, headers });
  };
}
