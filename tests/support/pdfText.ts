/**
 * The text a PDF shows, good enough for assertions: pdf-lib writes standard-font text as hex
 * strings inside (usually Flate-compressed) content streams, so every stream is inflated and
 * every <hex> string shown with Tj/TJ is decoded as single-byte text.
 */
import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

export function pdfText(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (const content of pdfContents(bytes)) {
    const shown = /<([0-9A-Fa-f]+)>\s*Tj/g;
    for (let s = shown.exec(content); s; s = shown.exec(content)) parts.push(Buffer.from(s[1] ?? '', 'hex').toString('latin1'));
    const literal = /\(((?:\\.|[^\\)])*)\)\s*Tj/g;
    for (let s = literal.exec(content); s; s = literal.exec(content)) parts.push(s[1] ?? '');
  }
  return parts.join('\n');
}

/** Every stream of a PDF as latin1 text, inflated when it is Flate-compressed. */
export function pdfContents(bytes: Uint8Array): string[] {
  const contents: string[] = [];
  for (const body of streamBodies(Buffer.from(bytes).toString('latin1'))) {
    try {
      contents.push(inflateSync(body).toString('latin1'));
    } catch {
      contents.push(body.toString('latin1'));
    }
  }
  return contents;
}

/**
 * Each stream's bytes, cut by the dictionary's /Length (pdf-lib writes it as a number, never as a
 * reference to another object). Searching for the next "endstream"
 * instead loses a compressed stream whose last byte happens to be a carriage return (the
 * "\r\n" before "endstream" swallows it), about one stream in 256.
 */
function* streamBodies(raw: string): Generator<Buffer> {
  const starts = /\/Length (\d+)\b(?:(?!stream)[\s\S])*?>>\s*stream\r?\n/g;
  for (let m = starts.exec(raw); m; m = starts.exec(raw)) {
    const begin = m.index + m[0].length;
    yield Buffer.from(raw.slice(begin, begin + Number(m[1])), 'latin1');
    starts.lastIndex = begin + Number(m[1]);
  }
}

/**
 * Every character the PDF's embedded (non-standard) fonts can show, from their ToUnicode maps.
 * pdf-lib subsets an embedded font to the glyphs drawn, so this is the set of characters drawn
 * with a real glyph from such a font (their text is glyph ids, which `pdfText` cannot read).
 */
export async function embeddedFontCharacters(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let out = '';
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const cmap = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    if (!cmap.includes('begincmap')) continue;
    // pdf-lib writes "<glyph id> <UTF-16BE hex>" bfchar entries.
    for (const m of cmap.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]{4,})>/g))
      out += Buffer.from(m[1] ?? '', 'hex')
        .swap16()
        .toString('utf16le');
  }
  return out;
}
