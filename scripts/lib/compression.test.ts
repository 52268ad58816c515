import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, preferredEncoding } from '../../src/server/http/encoding.ts';
import { createDynamicCompression } from './compression.ts';

describe('preferredEncoding', () => {
  it('prefers brotli over gzip at equal weight, whatever order the browser lists them in', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
  });

  it('answers none when nothing usable is accepted', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('deflate, *;q=0')).toBeNull();
  });
});

describe('on-the-fly compression', () => {
  const bigJson = JSON.stringify({ trips: Array.from({ length: 200 }, (_, i) => ({ id: i, from: 'Bangkok', to: 'Chiang Mai' })) });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const compress = createDynamicCompression();
    server = createServer((req, res) => {
      compress(req, res, () => {
        // As Astro answers: the head first, then the body in chunks, no Content-Length.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        if (req.url === '/small') res.write('{"ok":true}');
        else for (let at = 0; at < bigJson.length; at += 500) res.write(Buffer.from(bigJson.slice(at, at + 500)));
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(() => server.close());

  function rawGet(path: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      get(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ headers: res.headers, body: Buffer.concat(chunks) });
        });
      }).on('error', reject);
    });
  }

  it('compresses a large JSON answer with brotli when asked, and says it varies', async () => {
    const answer = await rawGet('/trips', 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.body.length).toBeLessThan(bigJson.length / 5);
    expect(brotliDecompressSync(answer.body).toString()).toBe(bigJson);
  });

  it('leaves answers below one TCP segment alone', async () => {
    expect('{"ok":true}'.length).toBeLessThan(MIN_COMPRESS_BYTES);
    const answer = await rawGet('/small', 'br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe('11');
    expect(answer.body.toString()).toBe('{"ok":true}');
  });
});
