/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into the body, just before the
 * first island, and HTML allows `<style>` only in the head (validators report it on every page
 * with an island). The same rule is in the head's stylesheet (src/styles/global.css), so this
 * middleware takes the body copy out of every HTML answer, pre-rendered or on request, while the
 * page streams: only the last few dozen characters are held back between chunks.
 */
import type { MiddlewareHandler } from 'astro';

export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page's text without the island style element (its first occurrence: Astro writes one). */
export function withoutIslandStyle(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let held = '';
  let removed = false;
  const strip = new TransformStream<string, string>({
    transform(chunk, controller) {
      if (removed) {
        controller.enqueue(chunk);
        return;
      }
      const text = held + chunk;
      const at = text.indexOf(ISLAND_STYLE);
      if (at !== -1) {
        removed = true;
        held = '';
        controller.enqueue(text.slice(0, at) + text.slice(at + ISLAND_STYLE.length));
        return;
      }
      // The element may start in this chunk and end in the next: keep a tail shorter than it.
      const keep = Math.min(text.length, ISLAND_STYLE.length - 1);
      controller.enqueue(text.slice(0, text.length - keep));
      held = text.slice(text.length - keep);
    },
    flush(controller) {
      if (held) controller.enqueue(held);
    },
  });
  return body.pipeThrough(new TextDecoderStream()).pipeThrough(strip).pipeThrough(new TextEncoderStream());
}

export const islandStyleMiddleware: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(withoutIslandStyle(response.body), { status: response.status, statusText: response.statusText, headers });
};
