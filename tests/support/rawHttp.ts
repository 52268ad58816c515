/**
 * Sends a request byte for byte (fetch and Playwright normalise paths, and refuse TRACE), and
 * reads the answer.
 */
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function rawRequest(
  baseURL: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const { hostname, port, origin } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method: options.method,
        // A fresh connection per request: a kept-alive one may be closed by the server just as it is reused.
        agent: false,
        path: options.path,
        // A same-site caller (as the site's own pages are): cross-site refusals are not what the corpus tests.
        headers: {
          origin,
          ...options.headers,
          ...(options.body === undefined ? {} : { 'content-length': Buffer.byteLength(options.body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A server may answer a body it refuses (413) before the client has finished sending it and
      // close the connection: the write then fails with EPIPE or ECONNRESET while the answer is
      // already on its way. Give the answer a moment to arrive before calling it a failure.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET')
        setTimeout(() => {
          reject(error);
        }, 1000);
      else reject(error);
    });
    req.end(options.body);
  });
}
