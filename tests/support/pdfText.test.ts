import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdfText.ts';

/** A one-stream PDF fragment, as pdf-lib lays it out. */
function pdfWithStream(compressed: Buffer): Uint8Array {
  const head = Buffer.from(`1 0 obj\n<<\n/Filter /FlateDecode\n/Length ${compressed.length}\n>>\nstream\n`, 'latin1');
  return Buffer.concat([head, compressed, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
}

/** Text shown in a content stream whose compressed form ends with a carriage return. */
function textCompressingToTrailingCarriageReturn(): { text: string; compressed: Buffer } {
  for (let i = 0; ; i++) {
    const text = `REF${i}${'x'.repeat(i % 300)}`;
    const compressed = deflateSync(`BT <${Buffer.from(text).toString('hex')}> Tj ET`);
    if (compressed.at(-1) === 0x0d) return { text, compressed };
  }
}

describe('pdfText', () => {
  it('reads a compressed stream whose last byte is a carriage return', () => {
    const { text, compressed } = textCompressingToTrailingCarriageReturn();
    expect(pdfText(pdfWithStream(compressed))).toBe(text);
  });

  it('reads every stream of a document', () => {
    const one = deflateSync('BT <414243> Tj ET');
    const two = deflateSync('BT (plain) Tj ET');
    expect(pdfText(Buffer.concat([pdfWithStream(one), pdfWithStream(two)]))).toBe('ABC\nplain');
  });
});
