/**
 * Fonts for the e-ticket beyond Latin-1. The PDF's standard fonts (Helvetica) print only
 * Windows-1252 characters, so a Vietnamese, Thai, Russian, Greek or Arabic name would come out
 * as "?". Text is split into runs: what Helvetica can print stays in Helvetica (the common case
 * costs nothing extra), every other run uses the first Noto Sans subset (from @fontsource) that
 * has its glyphs, embedded into that document only when needed and subsetted to the characters
 * used. Characters no font here covers still print as "?": CJK and Indic scripts (those fonts
 * are tens of megabytes each) and Arabic (pdf-lib draws no glyphs for shaped Arabic from a
 * subsetted font; checked with poppler).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { woffToSfnt } from './woff.ts';

/** The @fontsource files tried in order (one unicode subset each), per weight. */
const FALLBACKS = [
  '@fontsource/noto-sans/files/noto-sans-latin-ext-{w}-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-vietnamese-{w}-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-cyrillic-{w}-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-{w}-normal.woff',
  '@fontsource/noto-sans/files/noto-sans-greek-{w}-normal.woff',
  '@fontsource/noto-sans-thai/files/noto-sans-thai-thai-{w}-normal.woff',
] as const;

export type Weight = 'regular' | 'bold';

interface FallbackFace {
  bytes: Uint8Array;
  hasGlyph: (codePoint: number) => boolean;
}

const faces = new Map<Weight, FallbackFace[]>();

/** Each file is read and parsed once per process; a missing one is skipped, never fatal. */
function fallbackFaces(weight: Weight): FallbackFace[] {
  let list = faces.get(weight);
  if (list) return list;
  const require = createRequire(import.meta.url);
  list = [];
  for (const pattern of FALLBACKS) {
    try {
      // Unpacked once here, so embedding it into each ticket inflates nothing (woff.ts).
      const bytes = woffToSfnt(readFileSync(require.resolve(pattern.replace('{w}', weight === 'bold' ? '700' : '400'))));
      const font = fontkit.create(bytes);
      list.push({ bytes, hasGlyph: (cp) => font.hasGlyphForCodePoint(cp) });
    } catch {
      // Without this subset its characters print as "?", as they did before.
    }
  }
  faces.set(weight, list);
  return list;
}

export interface TextRun {
  text: string;
  /** Index into the fallback faces, or -1 for the standard font. */
  face: number;
}

/**
 * Splits text into runs by the font that can print each character: the standard font when
 * `standardCan` says so, else the first fallback face with the glyph; "?" when none has it.
 * Combining marks stay with the character before them (a Thai vowel sign or a Vietnamese tone
 * mark must be drawn by the same font as its base).
 */
export function splitRuns(text: string, standardCan: (ch: string) => boolean, weight: Weight): TextRun[] {
  const runs: TextRun[] = [];
  // The fallback fonts are loaded only when a character needs one: a Latin-1 ticket never does.
  let loaded: FallbackFace[] | undefined;
  const list = () => (loaded ??= fallbackFaces(weight));
  let previous = -1;
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    const combining = /\p{M}/u.test(ch);
    let face: number;
    let printed = ch;
    if (combining && previous >= 0 && list()[previous]?.hasGlyph(cp)) face = previous;
    else if (standardCan(ch)) face = -1;
    else {
      face = list().findIndex((f) => f.hasGlyph(cp));
      if (face < 0) printed = '?';
    }
    const last = runs.at(-1);
    if (last?.face === face) last.text += printed;
    else runs.push({ text: printed, face });
    previous = face;
  }
  return runs;
}

/** Embeds fallback faces into one document on first use (subsetted: only the glyphs drawn). */
export function fallbackEmbedder(doc: PDFDocument, weight: Weight): (face: number) => Promise<PDFFont> {
  const embedded = new Map<number, Promise<PDFFont>>();
  let registered = false;
  return (face) => {
    let font = embedded.get(face);
    if (!font) {
      if (!registered) {
        doc.registerFontkit(fontkit);
        registered = true;
      }
      const bytes = fallbackFaces(weight)[face]?.bytes;
      if (!bytes) throw new Error(`no fallback font ${String(face)}`);
      font = doc.embedFont(bytes, { subset: true });
      embedded.set(face, font);
    }
    return font;
  };
}
