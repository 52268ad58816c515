import { describe, expect, it } from 'vitest';
import { splitRuns } from './fonts.ts';

/** Windows-1252 is what the standard Helvetica prints. */
const latin1 = (ch: string) => (ch.codePointAt(0) ?? 0) < 0x250 && !/[\u0100-\u024f]/u.test(ch);

describe('splitRuns', () => {
  it('keeps Latin-1 text in one standard-font run', () => {
    expect(splitRuns('Zoë Ångström', latin1, 'regular')).toEqual([{ text: 'Zoë Ångström', face: -1 }]);
  });

  it('gives Vietnamese, Thai and Cyrillic names a font that has their glyphs, tone marks with their letter', () => {
    for (const name of ['Nguyễn Thị Hương', 'สมชาย ใจดี', 'Иван Петров', 'Łukasz Żółć']) {
      const runs = splitRuns(`- ${name}`, latin1, 'regular');
      expect(runs.map((r) => r.text).join('')).toBe(`- ${name}`.normalize('NFC'));
      expect(runs.some((r) => r.face >= 0)).toBe(true);
    }
    // Thai vowel signs and tone marks are combining: they stay in the run of their consonant.
    const thai = splitRuns('ใจดี', latin1, 'bold');
    expect(thai).toHaveLength(1);
  });

  it('prints a question mark only for characters no font covers', () => {
    const runs = splitRuns('王 Anna', latin1, 'regular');
    expect(runs.map((r) => r.text).join('')).toBe('? Anna');
  });
});
