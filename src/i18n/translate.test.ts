import { describe, expect, it } from 'vitest';
import { createTranslator, formatMessage, pickMessages } from './translate.ts';

describe('text lookup (SPEC §9)', () => {
  it('replaces [name] placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('en', 'Hello [name], [missing]', { name: 'Ann' })).toBe('Hello Ann, [missing]');
  });

  it('uses plural formatting when braces appear without bracket placeholders', () => {
    const message = '{n, plural, one {# seat} other {# seats}}';
    expect(formatMessage('en', message, { n: 1 })).toBe('1 seat');
    expect(formatMessage('en', message, { n: 4 })).toBe('4 seats');
    expect(formatMessage('ru', '{n, plural, one {# место} few {# места} many {# мест} other {# места}}', { n: 5 })).toBe('5 мест');
  });

  it('does not ICU-format a message that has a bracket placeholder', () => {
    expect(formatMessage('en', 'Total {x} [amount]', { amount: '$5' })).toBe('Total {x} $5');
  });

  it('falls back to English, then to the key', () => {
    const t = createTranslator('de', { 'site.name': 'A-de' }, { 'site.name': 'A-en', 'site.tagline': 'B-en' });
    expect(t('site.name')).toBe('A-de');
    expect(t('site.tagline')).toBe('B-en');
    expect(t('site.description')).toBe('site.description');
  });

  it('isolates Latin and numeric values inside right-to-left sentences, and only there', () => {
    const ar = createTranslator('ar-ae', { 'results.tripsFound': 'من [from] إلى [to]' });
    expect(ar('results.tripsFound', { from: 'Mo Chit 2 (Chatuchak)', to: 'بانكوك' })).toBe(
      'من \u2068Mo Chit 2 (Chatuchak)\u2069 إلى بانكوك',
    );
    const en = createTranslator('en', { 'results.tripsFound': 'From [from] to [to]' });
    expect(en('results.tripsFound', { from: 'Mo Chit 2 (Chatuchak)', to: 'Bangkok' })).toBe('From Mo Chit 2 (Chatuchak) to Bangkok');
  });

  it('survives a malformed ICU message', () => {
    expect(formatMessage('en', '{n, plural, one {x}', { n: 1 })).toBe('{n, plural, one {x}');
  });

  it('picks only the keys an island needs, at dot boundaries', () => {
    const picked = pickMessages({ 'search.from': 'From', 'search.to': 'To', searching: 'Searching', 'home.title': 'Home' }, ['search']);
    expect(picked).toEqual({ 'search.from': 'From', 'search.to': 'To' });
  });
});
