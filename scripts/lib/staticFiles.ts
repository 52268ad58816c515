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
 * - Files answer GET and HEAD only; any other method goes to Astro, whose request guard answers
 *   405 with Allow (send would otherwise return the file to PUT, DELETE or TRACE).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function createStaticFiles(root: string): StaticHandler {
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
    serve(req, res, path, next, false);
  };
}
