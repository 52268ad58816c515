/**
 * Serves the built site's files (`dist/client`) in front of the Astro server, as the
 * @astrojs/node standalone server did, with one difference that matters for speed: the
 * caller sends API calls straight to Astro, and nothing here touches the file system
 * synchronously.
 *
 * - `/en/about` is the directory `en/about/` and is answered with its `index.html`.
 * - A path ending in `/` (other than `/`) is left to Astro, which redirects it to the path
 *   without the slash (trailingSlash: 'never') — and safely refuses `//host/` style paths.
 * - Dotfiles are hidden except under `/.well-known/`.
 * - Hashed build assets under `/_astro/` never change: browsers may keep them a year.
 * - Anything that is not a file falls through to `next` (Astro: on-demand pages, 404).
 * - Compressible files are answered from their pre-compressed copy (`file.br`, `file.gz`,
 *   written by the build: `precompress.ts`) when the request accepts one, with
 *   `Vary: Accept-Encoding`; a file without a copy (small, or not compressed yet) is sent as it
 *   is, and the server's on-the-fly compression takes it from there.
 * - Files answer GET and HEAD only; any other method goes to Astro, whose request guard answers
 *   405 with Allow (send would otherwise return the file to PUT, DELETE or TRACE).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { contentType } from 'mime-types';
import send from 'send';
import { COMPRESSIBLE_EXTENSIONS, ENCODING_SUFFIX, preferredEncoding, type Encoding } from '../../src/server/http/encoding.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function createStaticFiles(root: string): StaticHandler {
  /**
   * The pre-compressed copy of `path` (a file; a page's `index.html`) when there is one;
   * `fallback` (the plain file) when there is none.
   */
  const serveEncoded = (req: IncomingMessage, res: ServerResponse, path: string, encoding: Encoding, fallback: () => void) => {
    const stream = send(req, path + ENCODING_SUFFIX[encoding], {
      root,
      index: false,
      dotfiles: path.startsWith('/.well-known/') ? 'allow' : 'deny',
    });
    let isFile = false;
    stream.on('file', () => (isFile = true));
    stream.on('directory', fallback);
    stream.on('headers', (response: ServerResponse) => {
      // send would name the type after `.br`; the content is the original file's, encoded.
      response.setHeader('Content-Type', contentType(extname(path)) || 'application/octet-stream');
      response.setHeader('Content-Encoding', encoding);
      response.setHeader('Vary', 'Accept-Encoding');
      if (path.startsWith('/_astro/')) response.setHeader('Cache-Control', IMMUTABLE);
    });
    stream.on('error', (error: { status?: number }) => {
      if (!isFile) {
        fallback();
        return;
      }
      res.statusCode = error.status ?? 500;
      res.end();
    });
    stream.pipe(res);
  };

  const serve = (req: IncomingMessage, res: ServerResponse, path: string, next: () => void, isIndex: boolean) => {
    const stream = send(req, path, {
      root,
      index: false,
      dotfiles: path.startsWith('/.well-known/') ? 'allow' : 'deny',
    });
    let isFile = false;
    stream.on('file', () => (isFile = true));
    // A directory without its trailing slash: its index page, never a redirect (URLs have no slash).
    stream.on('directory', () => {
      if (isIndex) next();
      else serve(req, res, `${path}/index.html`, next, true);
    });
    stream.on('headers', (response: ServerResponse) => {
      if (path.startsWith('/_astro/')) response.setHeader('Cache-Control', IMMUTABLE);
      // Another request may get the compressed copy: caches must keep them apart.
      if (isCompressible(path)) response.setHeader('Vary', 'Accept-Encoding');
    });
    stream.on('error', (error: { status?: number }) => {
      // Not a file (or a hidden one): Astro decides. A read error after the file was found is ours.
      if (!isFile) {
        next();
        return;
      }
      res.statusCode = error.status ?? 500;
      res.end();
    });
    stream.pipe(res);
  };

  return (req, res, next) => {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt >= 0 ? url.slice(0, queryAt) : url;
    if (path === '/' || path.endsWith('/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    // A path without an extension is a page: its file is the directory's index.html.
    const file = extname(path) ? path : `${path}/index.html`;
    const encoding = isCompressible(file) ? preferredEncoding(req.headers['accept-encoding']) : null;
    if (encoding)
      serveEncoded(req, res, file, encoding, () => {
        serve(req, res, path, next, false);
      });
    else serve(req, res, path, next, false);
  };
}

function isCompressible(path: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(extname(path));
}
