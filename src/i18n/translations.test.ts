/**
 * Every locale's table must have exactly English's keys (no missing, no extra), keep every
 * [placeholder], and hold ICU messages that parse and format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';

const folder = fileURLToPath(new URL('./translations/', import.meta.url));
const load = (code: string) => JSON.parse(readFileSync(`${folder}${code}.json`, 'utf8')) as Record<string, string>;
const english = load('en');
const placeholders = (text: string) => [...text.matchAll(/\[(\w+)\]/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has one file per locale in the table and no others', () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    expect(files).toEqual(LOCALES.map((l) => l.code).sort());
  });

  describe.each(LOCALES.map((l) => l.code))('%s', (code) => {
    const table = load(code);

    it('has exactly the English keys', () => {
      const missing = Object.keys(english).filter((k) => !(k in table));
      const extra = Object.keys(table).filter((k) => !(k in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has no empty text and keeps every [placeholder]', () => {
      for (const [key, text] of Object.entries(english)) {
        const translated = table[key] ?? '';
        expect(translated.trim(), key).not.toBe('');
        expect(placeholders(translated), key).toEqual(placeholders(text));
      }
    });

    it('has ICU messages that format', () => {
      for (const [key, text] of Object.entries(table)) {
        if (!text.includes('{') || /\[\w+\]/.test(text)) continue;
        const format = (n: number) => String(new IntlMessageFormat(text, code).format({ places: n, stations: 5, operators: 1, count: n }));
        // Formats; a plural message shows its number (in whatever digits the locale writes).
        if (text.includes(', plural,')) expect(format(3), key).not.toBe(format(7));
        else expect(format(3), key).not.toBe('');
      }
    });
  });
});
