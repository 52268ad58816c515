import { describe, expect, it } from 'vitest';
import { ISLAND_STYLE, withoutIslandStyle } from './islandStyle.ts';

async function through(chunks: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(withoutIslandStyle(body)).text();
}

describe('withoutIslandStyle', () => {
  const page = `<html><head></head><body><main>${ISLAND_STYLE}<script>x</script><astro-island>…</astro-island></main></body></html>`;
  const expected = page.replace(ISLAND_STYLE, '');

  it('takes the style element out of the body', async () => {
    expect(await through([page])).toBe(expected);
  });

  it('finds it when the stream splits it at any point, and keeps everything else', async () => {
    const start = page.indexOf(ISLAND_STYLE);
    for (let cut = start - 2; cut <= start + ISLAND_STYLE.length + 2; cut++) {
      expect(await through([page.slice(0, cut), page.slice(cut)])).toBe(expected);
    }
    // One character a chunk (the page is ASCII around the element).
    expect(await through(Array.from({ length: page.length }, (_, i) => page.charAt(i)))).toBe(expected);
  });

  it('leaves pages without islands and non-ASCII text untouched', async () => {
    const arabic = '<html lang="ar"><body><h1>من بانكوك إلى كو تاو</h1></body></html>';
    expect(await through([arabic.slice(0, 20), arabic.slice(20)])).toBe(arabic);
  });
});
