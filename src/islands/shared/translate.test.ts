import { describe, expect, it } from 'vitest';
import { islandTranslator } from './translate.ts';

describe('islandTranslator', () => {
  const messages = { route: 'من [from] إلى [to]', count: '[n] رحلات', en: 'From [from]' };

  it('isolates Latin and numeric values in a right-to-left locale (code or URL segment)', () => {
    for (const locale of ['ar-ae', 'ar']) {
      const t = islandTranslator(messages, locale);
      expect(t('route', { from: 'Mo Chit 2 (Chatuchak)', to: 'بانكوك' })).toBe('من \u2068Mo Chit 2 (Chatuchak)\u2069 إلى بانكوك');
      expect(t('count', { n: 3 })).toBe('3 رحلات'); // numbers are left as they are
    }
  });

  it('leaves left-to-right text untouched', () => {
    expect(islandTranslator(messages)('en', { from: 'Mo Chit 2' })).toBe('From Mo Chit 2');
    expect(islandTranslator(messages, 'de')('en', { from: 'Mo Chit 2' })).toBe('From Mo Chit 2');
  });
});
