/**
 * Pages rendered on request that are the same for every visitor (trip pages, unless the build
 * pre-rendered them) are kept as files beside the built ones, so from the second visit on the
 * static file server answers them exactly as it answers a pre-rendered page.
 *
 * A page opts in with `Astro.locals.keepAsFile = true`; the middleware below writes a 200 GET
 * answer that sets no cookie. The folder is the build's client folder, which `scripts/serve.ts`
 * names in RENDERED_PAGES_DIR (unset, e.g. under `astro dev`: nothing is kept). Kept pages live
 * as long as the build: a rebuild empties the folder, as it replaces the pre-rendered pages.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { MiddlewareHandler } from 'astro';
import pino from 'pino';
import { ENVIRONMENT } from '../config/environment.ts';
import { parseServerEnv } from './config.ts';
import { createEnvParser } from './envParser.ts';

let log: pino.Logger | undefined;
const logger = () => (log ??= pino({ level: parseServerEnv().LOG_LEVEL, base: { component: 'rendered-pages' } }));

/** Where the file for a page path goes, or null when the path could leave the folder. */
export function renderedPageFile(root: string, pathname: string): string | null {
  if (!/^\/[a-z0-9][a-z0-9/-]*$/.test(pathname) || pathname.includes('//')) return null;
  const file = join(root, pathname, 'index.html');
  const inside = relative(root, file);
  return inside.startsWith('..') || inside.startsWith(sep) ? null : file;
}

/**
 * A page rendered on request gets its script and style policy as a header (Astro's CSP); as a
 * file it is served without it, so the policy goes into the file as the meta tag a pre-rendered
 * page carries. frame-ancestors, report-uri and sandbox are not allowed in a meta policy (the
 * server's own header sends frame-ancestors for every answer).
 */
export function withPolicyMeta(html: string, policy: string | null): string {
  if (!policy) return html;
  const allowed = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^(?:frame-ancestors|report-uri|report-to|sandbox)\b/i.test(d))
    .join('; ');
  const attribute = allowed.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return html.replace(/<head>/i, `<head><meta http-equiv="content-security-policy" content="${attribute}">`);
}

export async function keepRenderedPage(root: string, pathname: string, html: string): Promise<void> {
  const file = renderedPageFile(root, pathname);
  if (!file) return;
  await mkdir(dirname(file), { recursive: true });
  // Write then rename: a reader (another process, the static server) never sees half a page.
  const partial = `${file}.${String(process.pid)}.partial`;
  await writeFile(partial, html);
  await rename(partial, file);
}

/** Set by scripts/serve.ts before the first request; read per request (cheaply: the parser keeps its last answer). */
const renderedPagesEnv = createEnvParser(ENVIRONMENT.pick({ RENDERED_PAGES_DIR: true }));

/** The build's client folder while scripts/serve.ts serves it; undefined under `astro dev` and in tests. */
export function renderedPagesRoot(): string | undefined {
  return renderedPagesEnv().RENDERED_PAGES_DIR;
}

export const renderedPagesMiddleware: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const root = renderedPagesEnv().RENDERED_PAGES_DIR;
  // A partner's host answers with the partner's look: never kept as the file every host is served.
  if (!root || context.isPrerendered || !context.locals.keepAsFile || context.locals.partner) return response;
  if (context.request.method !== 'GET' || response.status !== 200 || response.headers.has('set-cookie')) return response;
  const html = await response.text();
  keepRenderedPage(root, context.url.pathname, withPolicyMeta(html, response.headers.get('content-security-policy'))).catch(
    (error: unknown) => {
      logger().warn({ err: error, path: context.url.pathname }, 'could not keep a rendered page as a file');
    },
  );
  return new Response(html, { status: response.status, headers: response.headers });
};
