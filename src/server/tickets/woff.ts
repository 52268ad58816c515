/**
 * WOFF 1.0 → plain sfnt (TrueType/OpenType) bytes, once per font file and process.
 *
 * Why: pdf-lib embeds a font by handing its bytes to fontkit, once per document. Given a WOFF,
 * fontkit inflates every table it reads — for each ticket again: profiling `bench:booking` showed
 * fontkit's inflate taking a sixth of the server's CPU while mailing tickets with a Thai or
 * Vietnamese name. The same font as sfnt is read without inflating anything. @fontsource ships
 * only WOFF and WOFF2, so the tables are unpacked here: the format is a header, a table directory
 * and zlib-compressed tables (https://www.w3.org/TR/WOFF/), and node:zlib does the inflating.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

const padded = (n: number) => (n + 3) & ~3;

/** The sfnt bytes of a WOFF 1.0 font; any other bytes (already sfnt, WOFF2) are returned as they are. */
export function woffToSfnt(bytes: Uint8Array): Uint8Array {
  const source = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < WOFF_HEADER_BYTES || source.getUint32(0) !== WOFF_SIGNATURE) return bytes;

  const flavor = source.getUint32(4);
  const numTables = source.getUint16(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = WOFF_HEADER_BYTES + i * WOFF_ENTRY_BYTES;
    const offset = source.getUint32(at + 4);
    const compressedLength = source.getUint32(at + 8);
    const length = source.getUint32(at + 12);
    const stored = bytes.subarray(offset, offset + compressedLength);
    // A table is stored compressed only when that made it smaller (WOFF 1.0, section 5).
    const data = compressedLength < length ? inflateSync(stored) : stored;
    if (data.byteLength !== length)
      throw new Error(`WOFF table ${String(i)} unpacks to ${String(data.byteLength)} bytes, not ${String(length)}`);
    return { tag: source.getUint32(at), checksum: source.getUint32(at + 16), data };
  });

  const directoryEnd = SFNT_HEADER_BYTES + numTables * SFNT_ENTRY_BYTES;
  const size = tables.reduce((sum, t) => sum + padded(t.data.byteLength), padded(directoryEnd));
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  // The binary-search fields of the sfnt header (OpenType spec, "Table Directory").
  const entrySelector = Math.floor(Math.log2(Math.max(1, numTables)));
  const searchRange = 2 ** entrySelector * SFNT_ENTRY_BYTES;
  view.setUint32(0, flavor);
  view.setUint16(4, numTables);
  view.setUint16(6, searchRange);
  view.setUint16(8, entrySelector);
  view.setUint16(10, numTables * SFNT_ENTRY_BYTES - searchRange);

  let offset = padded(directoryEnd);
  tables.forEach((table, i) => {
    const at = SFNT_HEADER_BYTES + i * SFNT_ENTRY_BYTES;
    view.setUint32(at, table.tag);
    view.setUint32(at + 4, table.checksum);
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, table.data.byteLength);
    out.set(table.data, offset);
    offset += padded(table.data.byteLength);
  });
  return out;
}
