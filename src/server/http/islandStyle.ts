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
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held = '';
  let removed = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        // `stream: true` keeps a character split between chunks for the next one.
        const text = held + decoder.decode(chunk, { stream: true });
        if (removed) {
          held = '';
          controller.enqueue(encoder.encode(text));
          return;
        }
        const at = text.indexOf(ISLAND_STYLE);
        if (at !== -1) {
          removed = true;
          held = '';
          controller.enqueue(encoder.encode(text.slice(0, at) + text.slice(at + ISLAND_STYLE.length)));
          return;
        }
        // The element may start in this chunk and end in the next: keep a tail shorter than it.
        const keep = Math.min(text.length, ISLAND_STYLE.length - 1);
        controller.enqueue(encoder.encode(text.slice(0, text.length - keep)));
        held = text.slice(text.length - keep);
      },
      flush(controller) {
        const rest = held + decoder.decode();
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}

export const islandStyleMiddleware: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(withoutIslandStyle(response.body), { status: response.status, statusText: response.statusText, headers });
};
