import { describe, expect, it } from 'vitest';
import { parseQuickLocales } from './buildLocales.ts';
import { LOCALES } from './locales.ts';

describe('parseQuickLocales', () => {
  it('builds every locale when the variable is unset or empty', () => {
    expect(parseQuickLocales(undefined)).toHaveLength(LOCALES.length);
    expect(parseQuickLocales('  ')).toHaveLength(LOCALES.length);
  });

  it('keeps only the named URL segments, in table order', () => {
    expect(parseQuickLocales('ar, en').map((l) => l.segment)).toEqual(['en', 'ar']);
  });

  it('ignores unknown segments and falls back to all locales when none is known', () => {
    expect(parseQuickLocales('en,xx').map((l) => l.segment)).toEqual(['en']);
    expect(parseQuickLocales('xx')).toHaveLength(LOCALES.length);
  });
});
