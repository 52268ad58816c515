/**
 * Where a browser actually drew text: for right-to-left checks that must look at the screen,
 * not at the markup (the bidi algorithm reorders what the DOM keeps in order).
 */
import type { Locator } from '@playwright/test';

/**
 * The horizontal centre of every non-space character of `needle`, in reading order of the
 * string, as laid out inside `root`'s first match. Isolate and mark controls in the DOM text are
 * skipped, so "US$" is found inside "\u2068US$\u2069". Throws when the text is not there.
 */
export interface Glyph {
  x: number;
  y: number;
}

export async function glyphCentres(root: Locator, needle: string): Promise<Glyph[]> {
  return root.evaluate((element, text) => {
    const controls = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const chars: { node: Text; offset: number; ch: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const data = (node as Text).data;
      for (let i = 0; i < data.length; i++) {
        const ch = data.charAt(i);
        if (!controls.test(ch)) chars.push({ node: node as Text, offset: i, ch });
      }
    }
    const flat = chars.map((c) => c.ch).join('');
    const start = flat.indexOf(text);
    if (start < 0) throw new Error(`"${text}" not found in "${flat}"`);
    const centres: { x: number; y: number }[] = [];
    for (let i = start; i < start + text.length; i++) {
      const c = chars[i];
      if (!c || /\s/.test(c.ch)) continue;
      const range = document.createRange();
      range.setStart(c.node, c.offset);
      range.setEnd(c.node, c.offset + 1);
      const box = range.getBoundingClientRect();
      centres.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    }
    return centres;
  }, needle);
}

const sameLine = (a: Glyph, b: Glyph) => Math.abs(a.y - b.y) < 4;

/** True when the characters were drawn on one line, left to right, as written. */
export function readsLeftToRight(glyphs: Glyph[]): boolean {
  return glyphs.length > 1 && glyphs.every((g, i) => i === 0 || (sameLine(g, glyphs[i - 1] ?? g) && g.x > (glyphs[i - 1]?.x ?? Infinity)));
}

/** True when a reader of right-to-left text meets `a` before `b`: a line above, or right of it on the same line. */
export function comesBeforeInRtl(a: Glyph, b: Glyph): boolean {
  return sameLine(a, b) ? a.x > b.x : a.y < b.y;
}
