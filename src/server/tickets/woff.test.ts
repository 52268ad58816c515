import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff.ts';

const require = createRequire(import.meta.url);
const thaiWoff = readFileSync(require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff'));

describe('woffToSfnt', () => {
  it('unpacks a WOFF into a TrueType font with the same glyphs and metrics', () => {
    const sfnt = woffToSfnt(thaiWoff);
    expect(new DataView(sfnt.buffer).getUint32(0)).not.toBe(0x774f4646);
    const packed = fontkit.create(thaiWoff);
    const unpacked = fontkit.create(sfnt);
    expect(unpacked.numGlyphs).toBe(packed.numGlyphs);
    expect(unpacked.unitsPerEm).toBe(packed.unitsPerEm);
    for (const ch of 'สมชาย ใจดี') {
      const cp = ch.codePointAt(0) ?? 0;
      expect(unpacked.hasGlyphForCodePoint(cp)).toBe(packed.hasGlyphForCodePoint(cp));
      expect(unpacked.glyphForCodePoint(cp).advanceWidth).toBe(packed.glyphForCodePoint(cp).advanceWidth);
    }
  });

  it('gives a font pdf-lib embeds and subsets like the WOFF', async () => {
    const widths = async (bytes: Uint8Array) => {
      const doc = await PDFDocument.create();
      doc.registerFontkit(fontkit);
      const font = await doc.embedFont(bytes, { subset: true });
      return font.widthOfTextAtSize('สมชาย ใจดี', 12);
    };
    expect(await widths(woffToSfnt(thaiWoff))).toBeCloseTo(await widths(thaiWoff), 6);
  });

  it('returns bytes that are not WOFF 1.0 as they are', () => {
    const other = new Uint8Array([0, 1, 0, 0, 0, 4]);
    expect(woffToSfnt(other)).toBe(other);
  });
});
