import { describe, expect, it } from 'vitest';
import {
  checkInput,
  contentTypeMatches,
  discardBody,
  DRAIN_LIMIT,
  hasUnsafeCharacters,
  MAX_NESTING,
  parseBody,
  readLimitedBody,
} from './inputGuard.ts';

const stream = (text: string) => new Blob([text]).stream();

describe('unsafe characters', () => {
  it('finds NUL, other control characters and unpaired surrogates, not tabs, new lines or emoji', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31m', 'x\u007f', 'a\uD800b', 'a\uDC00', 'end\uD83D'])
      expect(hasUnsafeCharacters(bad)).toBe(true);
    for (const good of ['Ana María', 'line\nbreak\tand tab\r', 'กรุงเทพ', '😀 ok', 'مرحبا']) expect(hasUnsafeCharacters(good)).toBe(false);
  });

  it('names every failing field by its path, keys included', () => {
    expect(checkInput({ form: { passengers: [{ first_name: 'A\u0000' }, { first_name: 'B' }] }, note: 'ok' })).toEqual({
      ok: false,
      reason: 'unsafe',
      fields: { 'form.passengers.0.first_name': ['invalid_characters'] },
    });
    expect(checkInput({ 'bad\u0000key': 1 })).toEqual({ ok: false, reason: 'unsafe', fields: { 'bad\u0000key': ['invalid_characters'] } });
    expect(checkInput('\uD800')).toEqual({ ok: false, reason: 'unsafe', fields: { _: ['invalid_characters'] } });
    expect(checkInput({ name: 'Ana', tags: ['a', 'b'] })).toEqual({ ok: true });
  });

  it('refuses a tab or a line break in a one-line field such as a passenger name, not in a message', () => {
    expect(checkInput({ passengers: [{ first_name: 'Ann\nBcc: x@evil.example', last_name: 'Lee' }], message: 'Hi\nthere' })).toEqual({
      ok: false,
      reason: 'unsafe',
      fields: { 'passengers.0.first_name': ['invalid_characters'] },
    });
    expect(checkInput({ email: 'a@b.example\t' })).toMatchObject({ ok: false });
    expect(checkInput({ message: 'line one\nline two' })).toEqual({ ok: true });
  });

  it('refuses deep nesting without overflowing the stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`) as unknown;
    expect(checkInput(deep)).toEqual({ ok: false, reason: 'too_deep' });
    const fine = JSON.parse(`${'['.repeat(MAX_NESTING)}"x"${']'.repeat(MAX_NESTING)}`) as unknown;
    expect(checkInput(fine)).toEqual({ ok: true });
  });
});

describe('bodies', () => {
  it('matches content types by media type, ignoring parameters and case', () => {
    expect(contentTypeMatches('application/json; charset=utf-8', 'json')).toBe(true);
    expect(contentTypeMatches('Application/JSON', 'json')).toBe(true);
    expect(contentTypeMatches('application/problem+json', 'json')).toBe(true);
    expect(contentTypeMatches('text/plain', 'json')).toBe(false);
    expect(contentTypeMatches(null, 'json')).toBe(false);
    expect(contentTypeMatches('application/x-www-form-urlencoded', 'form')).toBe(true);
    expect(contentTypeMatches('multipart/form-data; boundary=x', 'form')).toBe(true);
    expect(contentTypeMatches('application/json', 'form')).toBe(false);
  });

  it('stops reading at the limit', async () => {
    expect(await readLimitedBody(stream('x'.repeat(100)), 100)).toEqual({ ok: true, text: 'x'.repeat(100) });
    expect(await readLimitedBody(stream('x'.repeat(101)), 100)).toEqual({ ok: false, reason: 'too_large' });
    expect(await readLimitedBody(null, 100)).toEqual({ ok: true, text: '' });
  });

  it('drains a refused body to its end, so the sender finishes and reads the 413, but not past the drain limit', async () => {
    const chunk = new Uint8Array(64 * 1024);
    const chunksRead = (total: number) => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled * chunk.byteLength >= total) controller.close();
          else {
            pulled++;
            controller.enqueue(chunk);
          }
        },
      });
      return { body, pulled: () => pulled };
    };
    const twoMegabytes = chunksRead(2 * 1024 * 1024);
    await discardBody(twoMegabytes.body);
    expect(twoMegabytes.pulled()).toBe(32);
    const endless = chunksRead(Number.POSITIVE_INFINITY);
    await discardBody(endless.body);
    expect(endless.pulled() * chunk.byteLength).toBeGreaterThan(DRAIN_LIMIT);
    expect(endless.pulled() * chunk.byteLength).toBeLessThan(DRAIN_LIMIT + 4 * chunk.byteLength);
  });

  it('refuses bytes that are not UTF-8', async () => {
    expect(await readLimitedBody(new Blob([new Uint8Array([0x7b, 0xed, 0xa0, 0x80, 0x7d])]).stream(), 100)).toEqual({
      ok: false,
      reason: 'invalid_utf8',
    });
  });

  it('tells JSON that does not parse, and reads both kinds of form', async () => {
    expect(await parseBody('{"addons":', 'json', 'application/json')).toEqual({ ok: false });
    expect(await parseBody('{"a":"\\ud800"}', 'json', 'application/json')).toEqual({ ok: true, value: { a: '\uD800' } });
    const encoded = 'currency=EUR&returnTo=%2Fen';
    expect(await parseBody(encoded, 'form', 'application/x-www-form-urlencoded')).toEqual({
      ok: true,
      value: { currency: 'EUR', returnTo: '/en' },
    });
    const multipart = '--b\r\nContent-Disposition: form-data; name="currency"\r\n\r\nEUR\r\n--b--\r\n';
    expect(await parseBody(multipart, 'form', 'multipart/form-data; boundary=b')).toEqual({ ok: true, value: { currency: 'EUR' } });
    expect(await parseBody('{"currency":"EUR"}', 'form', 'multipart/form-data; boundary=x')).toEqual({ ok: false });
  });
});

describe('a cloned body', () => {
  it('is refused at the limit without waiting for the unread original', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'x'.repeat(50_000) });
    expect(await readLimitedBody(request.clone().body, 1000)).toEqual({ ok: false, reason: 'too_large' });
  });
});
