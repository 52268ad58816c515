/**
 * Compression policy of the server, one place for the build and the running server:
 *
 * - built files are compressed once at build time (`precompress.ts`, run by the
 *   `integrations/precompress` integration) and served by content negotiation
 *   (`staticFiles.ts` picks `file.br` / `file.gz` with `preferredEncoding`);
 * - everything Astro renders on request (pages, API JSON) is compressed on the fly by the
 *   `compression` middleware with the settings below.
 *
 * Levels were measured on this project's pages and chunks on the 2-core build machine (numbers
 * in docs/BENCHMARKS.md). On the fly, brotli 5 costs ~2–3 ms for an 80 KB page and sends ~20%
 * less than gzip; levels 9–11 save another 1–10% for 10–40× the CPU, more than the bytes they
 * save are worth even on a slow phone link. At build time the cost is paid once, so hashed
 * assets (few files, cached for a year) get the maximum; the ~130,000 pages of a full build get
 * level 5, which keeps the build within minutes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import { DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL, MIN_COMPRESS_BYTES } from '../../src/server/http/encoding.ts';

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * On-the-fly compression for whatever the built files do not answer. The middleware negotiates
 * (brotli first), adds `Vary: Accept-Encoding`, skips small answers, answers that are already
 * encoded (pre-compressed files) and `Cache-Control: no-transform`, and streams.
 */
export function createDynamicCompression(): Middleware {
  const middleware = compression({
    threshold: MIN_COMPRESS_BYTES,
    level: DYNAMIC_GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
  // The middleware is typed for Express; it only uses Node's request and response.
  return (req, res, next) => {
    middleware(req as Parameters<typeof middleware>[0], res as Parameters<typeof middleware>[1], () => {
      holdHeadUntilSized(req, res, MIN_COMPRESS_BYTES);
      next();
    });
  };
}

type WriteCallback = (error?: Error | null) => void;

/**
 * Astro writes an answer's head first and its body after, without a Content-Length, so the
 * compression middleware could not tell a 30-byte JSON answer from a page and would compress
 * both. This holds the head back until the body has reached `threshold` bytes (then everything
 * flows through, compressed) or has ended below it (then it goes out with its Content-Length,
 * which the middleware leaves uncompressed).
 */
function holdHeadUntilSized(req: IncomingMessage, res: ServerResponse, threshold: number): void {
  const writeHead = res.writeHead.bind(res);
  const write = res.write.bind(res) as (chunk: Buffer, callback?: WriteCallback) => boolean;
  const end = res.end.bind(res) as (chunk?: Buffer, callback?: () => void) => ServerResponse;
  let held: Buffer[] | null = [];
  let size = 0;

  const restore = () => {
    held = null;
    res.writeHead = writeHead;
    res.write = write as ServerResponse['write'];
    res.end = end as ServerResponse['end'];
  };
  const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

  // The head becomes plain status and headers on the response; Node writes them with the body.
  res.writeHead = (status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    if (typeof rest[0] === 'string') res.statusMessage = rest.shift() as string;
    const headers = rest[0];
    if (Array.isArray(headers)) {
      // Raw form [name, value, name, value, …].
      for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
    } else if (headers && typeof headers === 'object') {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string | string[]);
    }
    return res;
  };

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const done = (typeof encoding === 'function' ? encoding : callback) as WriteCallback | undefined;
    if (!held) return write(toBuffer(chunk, encoding), done);
    const buffer = toBuffer(chunk, encoding);
    held.push(buffer);
    size += buffer.length;
    if (size < threshold) {
      if (done) process.nextTick(done);
      return true;
    }
    // Large enough: send what was held (the middleware sees no length and compresses).
    const chunks = held;
    restore();
    const last = chunks.pop() ?? Buffer.alloc(0);
    for (const c of chunks) write(c);
    return write(last, done);
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    const done = [chunk, encoding, callback].find((a) => typeof a === 'function') as (() => void) | undefined;
    const body = chunk === undefined || typeof chunk === 'function' ? undefined : toBuffer(chunk, encoding);
    if (!held) return end(body, done);
    const all = Buffer.concat(body ? [...held, body] : held);
    restore();
    const bodyless = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    if (!bodyless && !res.headersSent && res.getHeader('Content-Length') === undefined) res.setHeader('Content-Length', all.length);
    return end(all, done);
  }) as ServerResponse['end'];
}
